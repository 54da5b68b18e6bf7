"""WebfoldStack: the documents pipeline, wired from one construct per concern."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aws_cdk import CfnOutput, Duration, Stack
from aws_cdk import aws_lambda_event_sources as event_sources
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.access import (
    allow_invoke,
    allow_prune_archive_parts,
    allow_read_sources,
    allow_scratch,
    allow_write_outputs,
)
from webfold_infra.functions import Functions
from webfold_infra.monitoring import Monitoring
from webfold_infra.notifications import SourceEvents
from webfold_infra.queues import Queues
from webfold_infra.schedule import RescrapeSchedule
from webfold_infra.storage import Storage
from webfold_infra.tables import Tables


@dataclass(frozen=True, slots=True, kw_only=True)
class StackConfig:
    """What differs between deployments; read from the CDK context by `app.py`."""

    arch: str = constants.DEFAULT_ARCH
    versioned: bool = False
    layer_zip: Path
    functions_dir: Path = constants.FUNCTIONS_DIR
    alarm_email: str | None = None


class WebfoldStack(Stack):
    def __init__(self, scope: Construct, construct_id: str, *, config: StackConfig, **kwargs):
        super().__init__(scope, construct_id, **kwargs)
        self.storage = Storage(self, "Storage", versioned=config.versioned)
        self.queues = Queues(self, "Queues")
        self.source_events = SourceEvents(
            self,
            "SourceEvents",
            bucket=self.storage.documents,
            queue=self.queues.objects,
            dead_letter_queue=self.queues.objects_dlq,
        )
        self.tables = Tables(self, "Tables")
        self.functions = Functions(
            self,
            "Functions",
            arch=config.arch,
            layer_zip=config.layer_zip,
            functions_dir=config.functions_dir,
        )
        self._pass_names()
        self._grant_access()
        self._add_triggers()
        self.schedule = RescrapeSchedule(self, "RescrapeSchedule", rescrape=self.functions.rescrape)
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            queues=[
                ("Objects", self.queues.objects, self.queues.objects_dlq),
                ("Urls", self.queues.urls, self.queues.urls_dlq),
            ],
            functions=self.functions.all,
            alarm_email=config.alarm_email,
        )
        self._add_outputs()

    def _add_outputs(self) -> None:
        """The names `python -m devstack --aws` and watch-list tools need, as stack outputs."""
        named = {
            resources.ENV_BUCKET: self.storage.documents.bucket_name,
            resources.ENV_URLS_QUEUE: self.queues.urls.queue_url,
            resources.ENV_URL_STATE_TABLE: self.tables.url_state.table_name,
        }
        for env_name, value in named.items():
            CfnOutput(self, env_name.replace("_", ""), value=value,
                      description=f"export {env_name}=<this value> for `python -m devstack --aws`")

    def _pass_names(self) -> None:
        f, bucket = self.functions, self.storage.documents.bucket_name
        # ocr and render are handed the bucket in each request; rescrape touches no object.
        for function in (f.convert_object, f.ingest_url):
            function.add_environment(resources.ENV_BUCKET, bucket)
        f.convert_object.add_environment(
            resources.ENV_IDEMPOTENCY_TABLE, self.tables.idempotency.table_name
        )
        for function in (f.ingest_url, f.rescrape):
            function.add_environment(
                resources.ENV_URL_STATE_TABLE, self.tables.url_state.table_name
            )
        f.rescrape.add_environment(resources.ENV_URLS_QUEUE, self.queues.urls.queue_url)

    def _grant_access(self) -> None:
        """Each function gets the actions it calls on the keys it touches, nothing more."""
        f, bucket, tables = self.functions, self.storage.documents, self.tables
        # convert_object: sources in, outputs out; page images to OCR through scratch.
        allow_read_sources(f.convert_object, bucket)
        allow_prune_archive_parts(f.convert_object, bucket)
        allow_write_outputs(f.convert_object, bucket)
        allow_scratch(f.convert_object, bucket, ["s3:PutObject", "s3:DeleteObject"])
        tables.idempotency.grant_read_write_data(f.convert_object)
        allow_invoke(f.convert_object, f.ocr)
        allow_scratch(f.ocr, bucket, ["s3:GetObject"])
        # ingest_url: outputs out; rendered HTML back from render through scratch.
        allow_write_outputs(f.ingest_url, bucket)
        allow_scratch(f.ingest_url, bucket, ["s3:GetObject", "s3:DeleteObject"])
        tables.url_state.grant_read_write_data(f.ingest_url)
        allow_invoke(f.ingest_url, f.render)
        allow_scratch(f.render, bucket, ["s3:PutObject"])
        # rescrape: reads the watch list, marks what it queues, enqueues what is due.
        tables.url_state.grant_read_data(f.rescrape)
        tables.url_state.grant(f.rescrape, "dynamodb:UpdateItem")
        self.queues.urls.grant_send_messages(f.rescrape)

    def _add_triggers(self) -> None:
        """SQS -> Lambda with partial batch failures and a concurrency ceiling."""
        window = Duration.seconds(constants.MAX_BATCHING_WINDOW_S)
        self.functions.convert_object.add_event_source(
            event_sources.SqsEventSource(
                self.queues.objects,
                batch_size=constants.OBJECTS_BATCH_SIZE,
                max_batching_window=window,
                max_concurrency=constants.OBJECTS_MAX_CONCURRENCY,
                report_batch_item_failures=True,
            )
        )
        self.functions.ingest_url.add_event_source(
            event_sources.SqsEventSource(
                self.queues.urls,
                batch_size=constants.URLS_BATCH_SIZE,
                max_batching_window=window,
                max_concurrency=constants.URLS_MAX_CONCURRENCY,
                report_batch_item_failures=True,
            )
        )
