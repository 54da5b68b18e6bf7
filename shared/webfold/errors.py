"""The closed set of failure codes a conversion, fetch or pipeline step can end with.

Failures are values (`ConversionError`) carried in `Document.error`, never exceptions
escaping to the caller. `retryable` says whether trying the same input again later can
succeed (a timeout, a 5xx); the pipeline redelivers only those.
"""

from __future__ import annotations

from dataclasses import dataclass

# code -> (retryable, meaning). Documented in the README; add a code here, nowhere else.
ERROR_CODES: dict[str, tuple[bool, str]] = {
    "bad_input": (False, "the input could not be read at all (not bytes, unreadable file)"),
    "too_large": (False, "the input is over the size cap"),
    "empty": (False, "the document has no content (or a fetched page is an empty app shell)"),
    "unsupported_type": (False, "the input is not a type Webfold reads"),
    "not_pdf": (False, "declared or named PDF but no %PDF- header"),
    "not_warc": (False, "given as a WARC archive but it does not start with a WARC record"),
    "encrypted": (False, "the document needs a password (PDF, Office, encrypted archive)"),
    "damaged": (False, "the file is broken beyond what can be recovered"),
    "timeout": (True, "a time budget ran out"),
    "internal": (True, "an unexpected failure inside the converter (a bug; its type is named)"),
    "forbidden_address": (False, "the URL resolves to a loopback, private or reserved address"),
    "bad_url": (False, "the URL is malformed or not http(s)"),
    "too_many_redirects": (False, "more than the allowed number of redirects"),
    "http_error": (True, "the server answered with an error status"),
    "blocked": (True, "the site refused the request (401/403/429, challenge page, bot wall)"),
    "robots_disallowed": (False, "robots.txt disallows the URL for our user agent"),
    "not_modified": (False, "the server answered 304: the content has not changed"),
    "fetch_failed": (True, "the connection failed (DNS, refused, reset)"),
    "render_failed": (True, "the headless browser could not render the page"),
    "ocr_failed": (True, "the OCR engine failed or is not available"),
    "bad_message": (False, "a queue message is not valid JSON or misses required fields"),
    "source_missing": (False, "the object was deleted before it could be read"),
    "storage_failed": (True, "reading or writing the object store or state table failed"),
}


@dataclass(frozen=True, slots=True)
class ConversionError:
    """A failure with a code from `ERROR_CODES` and a human-readable message.

    `retry` overrides the code's default retryability where the failure itself says more
    (an `http_error` for a 404 stays a 404 on retry; a 503 may not).
    """

    code: str
    message: str
    retry: bool | None = None

    def __post_init__(self) -> None:
        if self.code not in ERROR_CODES:
            raise ValueError(f"unknown error code {self.code!r}")

    @property
    def retryable(self) -> bool:
        return ERROR_CODES[self.code][0] if self.retry is None else self.retry

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "retryable": self.retryable}
