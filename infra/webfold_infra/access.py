"""Least-privilege grants: each function gets the actions it calls on the keys it touches.

The CDK `grant_*` helpers hand out action wildcards (`s3:GetObject*`, `s3:List*`,
`s3:Abort*`, invoke on every version `:*`); the pipeline needs less, so the S3 and
invoke statements are written out here.
"""

from __future__ import annotations

from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_s3 as s3

from webfold_infra.nag import acknowledge, arn_token

OUTPUT_PATTERNS = ("*.md", "*.json")  # the only keys a function may write


def allow_read_sources(
    function: lambda_.IFunction, bucket: s3.IBucket, suffixes: tuple[str, ...]
) -> None:
    """GetObject on keys with the given suffixes, and ListBucket.

    Without ListBucket, S3 answers a missing key with 403 instead of 404, and a
    deleted source would be retried as a storage failure instead of recorded as gone.
    """
    patterns = [f"*{suffix}" for suffix in suffixes]
    keys = [bucket.arn_for_objects(pattern) for pattern in patterns]
    function.add_to_role_policy(iam.PolicyStatement(actions=["s3:GetObject"], resources=keys))
    function.add_to_role_policy(
        iam.PolicyStatement(actions=["s3:ListBucket"], resources=[bucket.bucket_arn])
    )
    _acknowledge_key_patterns(function, bucket, patterns, "reads sources: keys by suffix")


def allow_write_outputs(function: lambda_.IFunction, bucket: s3.IBucket) -> None:
    """PutObject on `.md` and `.json` keys only: a function can never create a source."""
    keys = [bucket.arn_for_objects(pattern) for pattern in OUTPUT_PATTERNS]
    function.add_to_role_policy(iam.PolicyStatement(actions=["s3:PutObject"], resources=keys))
    _acknowledge_key_patterns(function, bucket, OUTPUT_PATTERNS, "writes outputs beside sources")


def allow_invoke(caller: lambda_.IFunction, callee: lambda_.IFunction) -> None:
    """InvokeFunction on the callee's unqualified ARN (no versions or aliases)."""
    caller.add_to_role_policy(
        iam.PolicyStatement(actions=["lambda:InvokeFunction"], resources=[callee.function_arn])
    )


def _acknowledge_key_patterns(
    function: lambda_.IFunction,
    bucket: s3.IBucket,
    patterns: list[str] | tuple[str, ...],
    what: str,
) -> None:
    bucket_arn = arn_token(bucket)
    acknowledge(
        function,
        f"The function {what} anywhere in the bucket; a wildcard key with a fixed "
        "suffix is the narrowest S3 resource that allows it.",
        *(f"AwsSolutions-IAM5[Resource::{bucket_arn}/{pattern}]" for pattern in patterns),
    )
