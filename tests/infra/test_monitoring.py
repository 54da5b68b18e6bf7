"""Alarms on dead-letter depth and error rates, all to the alarm topic; the dashboard."""

from __future__ import annotations

from infra_helpers import logical_id, of_type

from webfold_infra import constants


def alarms(synth):
    return list(of_type(synth.resources, "AWS::CloudWatch::Alarm").values())


def test_each_dlq_alarms_on_its_first_message(synth):
    q = synth.stack.queues
    depth = [a["Properties"] for a in alarms(synth) if a["Properties"].get("MetricName")]
    watched = {
        a["Dimensions"][0]["Value"]["Fn::GetAtt"][0]
        for a in depth
        if a["MetricName"] == "ApproximateNumberOfMessagesVisible"
    }
    assert watched == {logical_id(q.objects_dlq), logical_id(q.urls_dlq)}
    for alarm in depth:
        assert alarm["Threshold"] == 1
        assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
        assert alarm["Namespace"] == "AWS/SQS"


def test_each_function_alarms_on_its_error_rate(synth):
    rate_alarms = [a["Properties"] for a in alarms(synth) if "Metrics" in a["Properties"]]
    watched = set()
    for alarm in rate_alarms:
        assert alarm["Threshold"] == constants.ERROR_RATE_THRESHOLD_PERCENT
        assert alarm["EvaluationPeriods"] == constants.ALARM_EVALUATION_PERIODS
        (expression,) = [m for m in alarm["Metrics"] if "Expression" in m]
        assert "100 *" in expression["Expression"]
        names = {
            m["MetricStat"]["Metric"]["MetricName"]: m["MetricStat"]["Metric"]["Dimensions"][0]
            for m in alarm["Metrics"]
            if "MetricStat" in m
        }
        assert set(names) == {"Errors", "Invocations"}
        assert names["Errors"] == names["Invocations"]
        watched.add(names["Errors"]["Value"]["Ref"])
    assert watched == {logical_id(f) for f in synth.stack.functions.all}


def test_every_alarm_notifies_the_encrypted_alarm_topic(synth):
    topic = synth.stack.monitoring.topic
    for alarm in alarms(synth):
        assert alarm["Properties"]["AlarmActions"] == [{"Ref": logical_id(topic)}]
    topic_props = synth.resources[logical_id(topic)]["Properties"]
    assert "KmsMasterKeyId" in topic_props
    assert len(alarms(synth)) == 2 + len(synth.stack.functions.all)


def test_dashboard_shows_queues_functions_and_pipeline_metrics(synth):
    (dashboard,) = of_type(synth.resources, "AWS::CloudWatch::Dashboard").values()
    parts = dashboard["Properties"]["DashboardBody"]["Fn::Join"][1]
    body = "".join(p for p in parts if isinstance(p, str))
    for title in ("Dead-letter depth", "Error rate %", "Failures by error code", "Documents"):
        assert title in body
    referenced = {p.get("Ref") for p in parts if isinstance(p, dict)}
    assert {logical_id(f) for f in synth.stack.functions.all} <= referenced
