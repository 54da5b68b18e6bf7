"""Alarms on dead-letter depth and function error rates, an alarm topic, a dashboard."""

from __future__ import annotations

from collections.abc import Sequence

from aws_cdk import Duration
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from webfold_infra import constants

PERIOD = Duration.minutes(constants.ALARM_PERIOD_MINUTES)


class Monitoring(Construct):
    """Every alarm notifies one encrypted SNS topic (plus an e-mail when one is given)."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        queues: Sequence[tuple[str, sqs.Queue, sqs.Queue]],  # (name, queue, its DLQ)
        functions: Sequence[lambda_.Function],
        alarm_email: str | None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.topic = _alarm_topic(self)
        if alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(alarm_email))
        self.alarms: list[cloudwatch.Alarm] = []
        for name, _, dlq in queues:
            self._add_alarm(_dlq_depth_alarm(self, name, dlq))
        for function in functions:
            self._add_alarm(_error_rate_alarm(self, function))
        self.dashboard = _dashboard(self, queues, functions)

    def _add_alarm(self, alarm: cloudwatch.Alarm) -> None:
        alarm.add_alarm_action(actions.SnsAction(self.topic))
        self.alarms.append(alarm)


def _alarm_topic(scope: Construct) -> sns.Topic:
    key = kms.Key(
        scope, "AlarmTopicKey", enable_key_rotation=True, description="webfold alarm topic"
    )
    # CloudWatch publishes alarm notifications to an encrypted topic only if it may
    # use the key; the AWS-managed SNS key does not allow that.
    key.grant(
        iam.ServicePrincipal("cloudwatch.amazonaws.com"), "kms:Decrypt", "kms:GenerateDataKey*"
    )
    return sns.Topic(scope, "AlarmTopic", master_key=key, enforce_ssl=True)


def _dlq_depth_alarm(scope: Construct, name: str, dlq: sqs.Queue) -> cloudwatch.Alarm:
    metric = dlq.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum")
    return metric.create_alarm(
        scope,
        f"{name}DlqDepth",
        alarm_description=f"Messages in the {name} dead-letter queue: they failed every retry",
        threshold=constants.DLQ_DEPTH_THRESHOLD,
        evaluation_periods=1,
        comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
    )


def _error_rate(function: lambda_.Function) -> cloudwatch.MathExpression:
    # Metric ids must be unique within a graph that shows every function's rate.
    errors, invocations = (f"{kind}_{function.node.id.lower()}" for kind in ("e", "i"))
    return cloudwatch.MathExpression(
        expression=f"IF({invocations} > 0, 100 * {errors} / {invocations}, 0)",
        using_metrics={
            errors: function.metric_errors(period=PERIOD, statistic="Sum"),
            invocations: function.metric_invocations(period=PERIOD, statistic="Sum"),
        },
        label="error rate %",
        period=PERIOD,
    )


def _error_rate_alarm(scope: Construct, function: lambda_.Function) -> cloudwatch.Alarm:
    construct_id = function.node.id
    return _error_rate(function).create_alarm(
        scope,
        f"{construct_id}ErrorRate",
        alarm_description=(
            f"{construct_id}: more than {constants.ERROR_RATE_THRESHOLD_PERCENT}% of "
            "invocations failed"
        ),
        threshold=constants.ERROR_RATE_THRESHOLD_PERCENT,
        evaluation_periods=constants.ALARM_EVALUATION_PERIODS,
        comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
    )


def _dashboard(
    scope: Construct,
    queues: Sequence[tuple[str, sqs.Queue, sqs.Queue]],
    functions: Sequence[lambda_.Function],
) -> cloudwatch.Dashboard:
    dashboard = cloudwatch.Dashboard(scope, "Dashboard", default_interval=Duration.hours(6))
    dashboard.add_widgets(
        _graph("Queue depth", [q.metric_approximate_number_of_messages_visible(label=n)
                               for n, q, _ in queues]),
        _graph("Dead-letter depth", [d.metric_approximate_number_of_messages_visible(label=n)
                                     for n, _, d in queues]),
        _graph("Oldest message age (s)", [q.metric_approximate_age_of_oldest_message(label=n)
                                          for n, q, _ in queues]),
    )  # fmt: skip
    dashboard.add_widgets(
        _graph("Invocations", [f.metric_invocations(label=f.node.id) for f in functions]),
        _graph("Error rate %", [_error_rate(f).with_(label=f.node.id) for f in functions]),
        _graph("Duration p99 (ms)", [f.metric_duration(statistic="p99", label=f.node.id)
                                     for f in functions]),
        _graph("Throttles", [f.metric_throttles(label=f.node.id) for f in functions]),
    )  # fmt: skip
    dashboard.add_widgets(
        _graph("Documents", [_search("Documents", "Sum")]),
        _graph("Failures by error code", [_search("Failures", "Sum")]),
        _graph("Latency p90 (ms)", [_search("LatencyMs", "p90")]),
    )
    return dashboard


def _search(metric_name: str, statistic: str) -> cloudwatch.MathExpression:
    # Powertools metrics carry per-function and per-error-code dimensions: search them all.
    namespace = constants.METRICS_NAMESPACE
    return cloudwatch.MathExpression(
        expression=f"SEARCH('{{{namespace}}} MetricName=\"{metric_name}\"', '{statistic}', 300)",
        using_metrics={},
        label=metric_name,
    )


def _graph(title: str, metrics: Sequence[cloudwatch.IMetric]) -> cloudwatch.GraphWidget:
    return cloudwatch.GraphWidget(title=title, left=list(metrics), width=8)
