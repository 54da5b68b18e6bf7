"""The EventBridge Scheduler tick that makes `rescrape` enqueue the URLs that are due."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as targets
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.nag import acknowledge, arn_token


class RescrapeSchedule(Construct):
    """A rate schedule invoking `rescrape` through a role that may invoke only it."""

    def __init__(self, scope: Construct, construct_id: str, *, rescrape: lambda_.IFunction):
        super().__init__(scope, construct_id)
        self.role = iam.Role(
            self,
            "Role",
            assumed_by=iam.ServicePrincipal("scheduler.amazonaws.com"),
            description="EventBridge Scheduler: invoke the rescrape function",
        )
        # A missed tick is harmless (the next one enqueues the same due URLs), so a
        # couple of retries and no dead-letter queue.
        target = targets.LambdaInvoke(
            rescrape,
            role=self.role,
            input=scheduler.ScheduleTargetInput.from_text(resources.SCHEDULER_INPUT),
            retry_attempts=2,
            max_event_age=Duration.minutes(10),
        )
        self.schedule = scheduler.Schedule(
            self,
            "Tick",
            schedule=scheduler.ScheduleExpression.rate(
                Duration.minutes(constants.RESCRAPE_EVERY_MINUTES)
            ),
            target=target,
            description="Enqueue the watched URLs whose interval has passed",
        )
        acknowledge(
            self.role,
            "The Scheduler target grants invoke on the function and its versions "
            "(`<arn>:*`); the role can invoke nothing but rescrape.",
            f"AwsSolutions-IAM5[Resource::{arn_token(rescrape)}:*]",
        )
