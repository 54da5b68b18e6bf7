"""The documents bucket (sources and their outputs) and its access-log bucket."""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_s3 as s3
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.nag import acknowledge


class Storage(Construct):
    """Encrypted, private, TLS-only buckets; versioning of documents on request."""

    def __init__(self, scope: Construct, construct_id: str, *, versioned: bool) -> None:
        super().__init__(scope, construct_id)
        self.access_logs = s3.Bucket(
            self,
            "AccessLogs",
            encryption=s3.BucketEncryption.S3_MANAGED,  # log delivery supports SSE-S3 only
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            lifecycle_rules=[
                s3.LifecycleRule(expiration=Duration.days(constants.ACCESS_LOG_EXPIRY_DAYS))
            ],
            removal_policy=RemovalPolicy.RETAIN,
        )
        acknowledge(
            self.access_logs,
            "This is the access-log bucket; logging it into itself would loop.",
            "AwsSolutions-S1",
        )
        self.documents = s3.Bucket(
            self,
            "Documents",
            encryption=s3.BucketEncryption.S3_MANAGED,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            versioned=versioned,
            event_bridge_enabled=True,  # new sources reach the objects queue this way
            lifecycle_rules=_documents_lifecycle(versioned),
            server_access_logs_bucket=self.access_logs,
            server_access_logs_prefix="documents/",
            removal_policy=RemovalPolicy.RETAIN,
        )


def _documents_lifecycle(versioned: bool) -> list[s3.LifecycleRule]:
    one_day = Duration.days(1)
    rules = [
        # OCR page images and rendered HTML are deleted after use; this catches leftovers.
        s3.LifecycleRule(prefix=resources.SCRATCH_PREFIX, expiration=one_day),
        s3.LifecycleRule(abort_incomplete_multipart_upload_after=one_day),
    ]
    if versioned:  # outputs are rewritten on every re-scrape: old versions should not pile up
        days = Duration.days(constants.NONCURRENT_VERSION_EXPIRY_DAYS)
        rules.append(s3.LifecycleRule(noncurrent_version_expiration=days))
    return rules
