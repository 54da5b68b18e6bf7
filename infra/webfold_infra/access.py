"""Least-privilege grants: each function gets the actions it calls, on the keys it touches.

The CDK `grant_*` helpers hand out action wildcards (`s3:GetObject*`, `s3:List*`,
`s3:Abort*`, invoke on every version `:*`); the pipeline needs less, so the S3 and
invoke statements are written out here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_s3 as s3

from webfold.outputs import MARKDOWN_SUFFIX, OUTPUT_SUFFIXES, PARTS_SUFFIX
from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.nag import acknowledge, arn_token

# The only keys a function may write outside scratch: the suffixes of every output.
OUTPUT_PATTERNS = tuple(f"*{suffix}" for suffix in OUTPUT_SUFFIXES)
MARKDOWN_PATTERN = f"*{MARKDOWN_SUFFIX}"
PARTS_PATTERN = f"*{PARTS_SUFFIX}/*"  # a WARC's record outputs
SCRATCH_PATTERN = f"{resources.SCRATCH_PREFIX}*"  # page images and rendered HTML in transit


def allow_objects(
    function: lambda_.IFunction,
    bucket: s3.IBucket,
    actions: Sequence[str],
    patterns: Sequence[str],
    why: str,
) -> None:
    """Allow `actions` on the bucket's keys matching `patterns`; `why` goes to cdk-nag."""
    keys = [bucket.arn_for_objects(pattern) for pattern in patterns]
    function.add_to_role_policy(iam.PolicyStatement(actions=list(actions), resources=keys))
    bucket_arn = arn_token(bucket)
    acknowledge(
        function,
        f"{why}; a key pattern is the narrowest S3 resource that allows it.",
        *(f"AwsSolutions-IAM5[Resource::{bucket_arn}/{pattern}]" for pattern in patterns),
    )


def any_case_patterns(suffixes: Sequence[str]) -> list[str]:
    """IAM key patterns matching keys that end in one of `suffixes` in any case.

    IAM matches resources case-sensitively with only `*` and `?`, so each letter becomes
    `?` (`.pdf` -> `*.???`, `.warc.gz` -> `*.????.??`). That is broader than the
    suffixes (`*.????` matches `.json` too), for a read; which keys are converted is
    decided by the objects rule and `webfold.outputs.source_suffix`.
    """
    return sorted({"*" + re.sub(r"[A-Za-z]", "?", suffix) for suffix in suffixes})


def allow_read_sources(function: lambda_.IFunction, bucket: s3.IBucket) -> None:
    """GetObject on source keys (by suffix in any case, under any prefix), and ListBucket.

    Without ListBucket, S3 answers a missing key with 403 instead of 404, and a
    deleted source would be retried as a storage failure instead of recorded as gone.
    """
    patterns = any_case_patterns(constants.SOURCE_SUFFIXES)
    allow_objects(
        function, bucket, ["s3:GetObject"], patterns,
        "Reads sources under any prefix by suffix in any case",
    )
    function.add_to_role_policy(
        iam.PolicyStatement(actions=["s3:ListBucket"], resources=[bucket.bucket_arn])
    )


def allow_write_outputs(function: lambda_.IFunction, bucket: s3.IBucket) -> None:
    """PutObject on `.md` and `.json` keys only: a function can never create a source.

    DeleteObject on `.md` keys: a newer version that fails removes the Markdown of the
    older one (`webfold.pipeline.s3io.write_document`).
    """
    allow_objects(
        function, bucket, ["s3:PutObject"], OUTPUT_PATTERNS, "Writes outputs beside any source"
    )
    allow_objects(
        function, bucket, ["s3:DeleteObject"], [MARKDOWN_PATTERN],
        "Deletes stale Markdown beside any source",
    )


def allow_prune_archive_parts(function: lambda_.IFunction, bucket: s3.IBucket) -> None:
    """DeleteObject under `name.parts/`: the record outputs an older version of an archive
    wrote and a newer one did not (`webfold.pipeline.s3io.delete_stale`)."""
    allow_objects(
        function, bucket, ["s3:DeleteObject"], [PARTS_PATTERN],
        "Deletes stale record outputs of a replaced archive",
    )


def allow_scratch(function: lambda_.IFunction, bucket: s3.IBucket, actions: Sequence[str]) -> None:
    """`actions` under the scratch prefix, where OCR and render payloads pass through."""
    allow_objects(
        function, bucket, actions, [SCRATCH_PATTERN], "Payloads pass through the scratch prefix"
    )


def allow_invoke(caller: lambda_.IFunction, callee: lambda_.IFunction) -> None:
    """InvokeFunction on the callee's unqualified ARN (no versions or aliases)."""
    caller.add_to_role_policy(
        iam.PolicyStatement(actions=["lambda:InvokeFunction"], resources=[callee.function_arn])
    )
