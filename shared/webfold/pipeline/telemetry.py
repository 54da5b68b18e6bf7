"""Metrics every pipeline handler reports: documents, bytes, latency, failures by code."""

from __future__ import annotations

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

from webfold.errors import ConversionError
from webfold.pipeline.outcome import Outcome


def count_outcome(metrics: Metrics, outcome: Outcome, elapsed_ms: float) -> None:
    """Add one handled document to the handler's metrics (flushed at the end of the batch)."""
    metrics.add_metric(name="Documents", unit=MetricUnit.Count, value=1)
    metrics.add_metric(name="BytesIn", unit=MetricUnit.Bytes, value=outcome.bytes_in)
    metrics.add_metric(name="LatencyMs", unit=MetricUnit.Milliseconds, value=elapsed_ms)
    if outcome.status == "unchanged":
        metrics.add_metric(name="Unchanged", unit=MetricUnit.Count, value=1)
    if outcome.error is not None:
        count_failure(outcome.error)


def count_failure(error: ConversionError) -> None:
    """One failure, emitted at once with its error code as a dimension."""
    with single_metric(name="Failures", unit=MetricUnit.Count, value=1) as metric:
        metric.add_dimension(name="ErrorCode", value=error.code)
        metric.add_dimension(name="Retryable", value=str(error.retryable).lower())
