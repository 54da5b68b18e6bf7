"""cdk-nag AwsSolutions checks and the acknowledgement of accepted findings, with reasons.

cdk-nag 3 reports through CDK's policy validation: `Validations.of(app).add_plugins`
registers the pack, `Validations.of(construct).acknowledge(Acknowledgment(...))` accepts a
finding on a construct and its children. In Python `acknowledge` takes `Acknowledgment`
values (the keyword form in cdk-nag's README is the TypeScript object literal).
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, App, CfnResource, Stack, Validations
from cdk_nag import AwsSolutionsChecks
from constructs import IConstruct


def add_checks(app: App) -> None:
    """Run the AwsSolutions pack on every synth; an unacknowledged error stops synth."""
    Validations.of(app).add_plugins(AwsSolutionsChecks(app))


def acknowledge(construct: IConstruct, reason: str, *finding_ids: str) -> None:
    """Accept each finding (e.g. `AwsSolutions-IAM5[Resource::*]`) on `construct`."""
    Validations.of(construct).acknowledge(
        *(Acknowledgment(id=finding_id, reason=reason) for finding_id in finding_ids)
    )


def arn_token(resource: IConstruct) -> str:
    """How cdk-nag spells a resource's ARN in a finding id: `<LogicalId.Arn>`."""
    default_child = resource.node.default_child
    assert isinstance(default_child, CfnResource)
    return f"<{Stack.of(resource).get_logical_id(default_child)}.Arn>"


BASIC_EXECUTION_ROLE = (
    "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
    "AWSLambdaBasicExecutionRole]"
)
XRAY_WILDCARD = "AwsSolutions-IAM5[Resource::*]"
