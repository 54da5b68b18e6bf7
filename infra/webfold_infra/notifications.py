"""S3 -> objects queue: only source suffixes, so outputs never trigger a conversion."""

from __future__ import annotations

from aws_cdk import Stack
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_notifications as s3n
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from webfold_infra import constants
from webfold_infra.nag import BASIC_EXECUTION_ROLE, acknowledge


class SourceNotifications(Construct):
    """One `ObjectCreated` notification per source suffix (S3 filters take one suffix)."""

    def __init__(
        self, scope: Construct, construct_id: str, *, bucket: s3.Bucket, queue: sqs.Queue
    ) -> None:
        super().__init__(scope, construct_id)
        destination = s3n.SqsDestination(queue)
        for suffix in constants.SOURCE_SUFFIXES:
            bucket.add_event_notification(
                s3.EventType.OBJECT_CREATED, destination, s3.NotificationKeyFilter(suffix=suffix)
            )
        _acknowledge_notifications_handler(Stack.of(self))


def _acknowledge_notifications_handler(stack: Stack) -> None:
    # CDK configures bucket notifications through its own singleton custom-resource
    # function, created at the stack root.
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
