"""DynamoDB tables: URL state (and the watch list) and Powertools idempotency."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from constructs import Construct

from webfold.pipeline import resources


class Tables(Construct):
    """On-demand, encrypted tables with TTL and point-in-time recovery."""

    def __init__(self, scope: Construct, construct_id: str) -> None:
        super().__init__(scope, construct_id)
        # URL state: validators, content hash, last fetched/changed; items with
        # `interval_s` form the watch list. Unwatched URLs expire through the TTL.
        self.url_state = _table(
            self, "UrlState", resources.URL_STATE_KEY, resources.URL_STATE_TTL_ATTR,
            RemovalPolicy.RETAIN,
        )  # fmt: skip
        # Idempotency records are only useful for their TTL window: safe to drop.
        self.idempotency = _table(
            self, "Idempotency", resources.IDEMPOTENCY_KEY, resources.IDEMPOTENCY_TTL_ATTR,
            RemovalPolicy.DESTROY,
        )  # fmt: skip


def _table(
    scope: Construct, construct_id: str, key: str, ttl_attr: str, removal: RemovalPolicy
) -> dynamodb.TableV2:
    return dynamodb.TableV2(
        scope,
        construct_id,
        partition_key=dynamodb.Attribute(name=key, type=dynamodb.AttributeType.STRING),
        billing=dynamodb.Billing.on_demand(),
        encryption=dynamodb.TableEncryptionV2.aws_managed_key(),
        time_to_live_attribute=ttl_attr,
        point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
            point_in_time_recovery_enabled=True
        ),
        removal_policy=removal,
    )
