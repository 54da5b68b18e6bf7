"""S3 -> EventBridge -> objects queue: source suffixes in any case, never an output.

Why EventBridge and not S3 notifications: S3 suffix filters are case-sensitive, so
`REPORT.PDF` or `page.HtMl` would never be notified (one filter per case form would be
256 filters for the source suffixes today). One rule matches every suffix with
`equals-ignore-case`; its pattern is `webfold.pipeline.resources.source_event_pattern`,
the same one the local stack's rule is made from.
"""

from __future__ import annotations

from aws_cdk import Duration, Stack
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.nag import BASIC_EXECUTION_ROLE, acknowledge


class SourceEvents(Construct):
    """The rule sending "Object Created" events of source keys to the objects queue.

    The bucket must have EventBridge notifications on (`event_bridge_enabled`). An event
    EventBridge cannot deliver after its retries goes to the objects DLQ, so nothing is
    lost silently there either.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        bucket: s3.Bucket,
        queue: sqs.Queue,
        dead_letter_queue: sqs.Queue,
    ) -> None:
        super().__init__(scope, construct_id)
        pattern = resources.source_event_pattern(bucket.bucket_name)
        self.rule = events.Rule(
            self,
            "SourceCreated",
            description="Source objects (any case of a source suffix) -> the objects queue",
            event_pattern=events.EventPattern(
                source=pattern["source"],
                detail_type=pattern["detail-type"],
                detail=pattern["detail"],
            ),
        )
        self.rule.add_target(
            targets.SqsQueue(
                queue,
                dead_letter_queue=dead_letter_queue,
                retry_attempts=constants.SOURCE_EVENT_RETRY_ATTEMPTS,
                max_event_age=Duration.hours(constants.SOURCE_EVENT_MAX_AGE_HOURS),
            )
        )
        _acknowledge_notifications_handler(Stack.of(self))


def _acknowledge_notifications_handler(stack: Stack) -> None:
    # CDK turns on the bucket's EventBridge notifications through its own singleton
    # custom-resource function, created at the stack root.
    for child in stack.node.children:
        if child.node.id.startswith("BucketNotificationsHandler"):
            acknowledge(
                child,
                "CDK's bucket-notification custom resource: AWS-managed basic execution "
                "role for its logs, and s3:PutBucketNotification on '*' as CDK writes it; "
                "it runs only during deployment.",
                BASIC_EXECUTION_ROLE,
                "AwsSolutions-IAM5[Resource::*]",
            )
