"""What handling one queue message came to, and the one way to ask for a retry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webfold.errors import ConversionError


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one message: outputs written, or why not.

    `status` is converted (outputs written), unchanged (same content as last time, nothing
    rewritten), failed (a permanent failure, its JSON record written) or skipped (nothing
    to do: a test event, an output key).
    """

    status: str
    keys: tuple[str, ...] = ()
    error: ConversionError | None = None
    doc_type: str | None = None
    bytes_in: int = 0

    def to_dict(self) -> dict[str, Any]:
        """A summary of bounded size: it is logged, and stored as the idempotency record
        (a DynamoDB item, 400 KB at most), so a WARC's thousands of keys are counted."""
        return {
            "status": self.status,
            "outputs": len(self.keys),
            "error": self.error.to_dict() if self.error else None,
            "type": self.doc_type,
            "bytes_in": self.bytes_in,
        }


@dataclass(frozen=True, slots=True)
class FailurePlace:
    """Where the given-up record of a task goes (its output stem) and what it describes:
    the source (an S3 URI or a URL) and, for an object, the ETag that was notified."""

    stem: str
    source: str
    source_etag: str | None = None


class RetryableFailure(Exception):
    """Raised to the batch processor so the message goes back to its queue.

    Only failures whose code is retryable are raised; permanent ones are written as a
    record and count as done.
    """

    def __init__(self, error: ConversionError) -> None:
        super().__init__(f"{error.code}: {error.message}")
        self.error = error
