"""Small readers over a synthesised template."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from aws_cdk import Stack
from constructs import IConstruct

INFRA = Path(__file__).resolve().parents[2] / "infra"


def cdk_json_context() -> dict[str, Any]:
    """The context `cdk synth` runs with: feature flags and webfold defaults."""
    return json.loads((INFRA / "cdk.json").read_text())["context"]


def logical_id(construct: IConstruct) -> str:
    """The CloudFormation logical id of a construct's main resource."""
    stack = Stack.of(construct)
    return stack.resolve(stack.get_logical_id(construct.node.default_child))


def of_type(resources: dict[str, Any], cfn_type: str) -> dict[str, dict[str, Any]]:
    return {key: r for key, r in resources.items() if r["Type"] == cfn_type}


def arn_of(construct: IConstruct) -> dict[str, Any]:
    return {"Fn::GetAtt": [logical_id(construct), "Arn"]}


def role_statements(resources: dict[str, Any], function: IConstruct) -> list[dict[str, Any]]:
    """Every statement in the inline policies attached to a function's role."""
    role_id = logical_id(function.role)  # type: ignore[attr-defined]
    statements: list[dict[str, Any]] = []
    for policy in of_type(resources, "AWS::IAM::Policy").values():
        if {"Ref": role_id} in policy["Properties"]["Roles"]:
            statements += policy["Properties"]["PolicyDocument"]["Statement"]
    return statements


def actions_on(statements: list[dict[str, Any]]) -> set[str]:
    actions: set[str] = set()
    for statement in statements:
        found = statement["Action"]
        actions |= {found} if isinstance(found, str) else set(found)
    return actions


def statements_with(statements: list[dict[str, Any]], action: str) -> list[dict[str, Any]]:
    return [s for s in statements if action in actions_on([s])]


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]
