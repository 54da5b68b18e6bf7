"""The whole pipeline on one machine: moto's server as an embedded AWS, the real handlers.

`LocalStack` starts moto on 127.0.0.1, creates the bucket, queues (with dead-letter
queues and redrive) and tables named in `resources`, wires the S3 notifications with
the same suffix filters as the CDK stack, and loads the handlers from `functions/`.
Its `Dispatcher` then drives them as the event source mappings would in AWS.

    python -m webfold.aws.local --drop page.html report.pdf   # convert, print, stop
    python -m webfold.aws.local --watch                       # keep serving
    python -m webfold.aws.local --aws --drop page.html        # the deployed stack instead
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from webfold.aws import resources as r
from webfold.aws.dispatcher import Dispatcher, QueueRoute
from webfold.aws.messages import UrlMessage

REPO = Path(__file__).resolve().parents[3]
FUNCTIONS_DIR = REPO / "functions"
REGION = "us-east-1"
QUEUE_VISIBILITY_S = 60  # locally failed messages are made visible again at once anyway
LOCAL_ENV = {
    "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",  # moto takes any key
    "AWS_DEFAULT_REGION": REGION, "AWS_REGION": REGION,
    "POWERTOOLS_TRACE_DISABLED": "1", "POWERTOOLS_METRICS_NAMESPACE": "webfold-local",
    "POWERTOOLS_SERVICE_NAME": "webfold", "POWERTOOLS_LOG_LEVEL": "WARNING",
    "POWERTOOLS_METRICS_DISABLED": "1",
}


@dataclass(frozen=True, slots=True)
class StackNames:
    """The resources the handlers need, as their environment variables carry them."""

    bucket: str
    objects_queue_url: str
    objects_dlq_url: str
    urls_queue_url: str
    urls_dlq_url: str
    url_state_table: str
    idempotency_table: str

    def environ(self) -> dict[str, str]:
        return {r.ENV_BUCKET: self.bucket, r.ENV_URLS_QUEUE: self.urls_queue_url,
                r.ENV_URL_STATE_TABLE: self.url_state_table,
                r.ENV_IDEMPOTENCY_TABLE: self.idempotency_table}


def create_resources(client: Callable[[str], Any]) -> StackNames:
    """Create the bucket, queues, tables and notifications of the stack; returns names.

    `client(service)` returns a boto3 client for the target account.
    """
    s3, sqs, ddb = client("s3"), client("sqs"), client("dynamodb")
    s3.create_bucket(Bucket=r.DOCUMENTS_BUCKET)
    objects_url, objects_dlq = _queue_with_dlq(sqs, r.OBJECTS_QUEUE, r.OBJECTS_DLQ)
    urls_url, urls_dlq = _queue_with_dlq(sqs, r.URLS_QUEUE, r.URLS_DLQ)
    _table(ddb, r.URL_STATE_TABLE, r.URL_STATE_KEY, r.URL_STATE_TTL_ATTR)
    _table(ddb, r.IDEMPOTENCY_TABLE, r.IDEMPOTENCY_KEY, r.IDEMPOTENCY_TTL_ATTR)
    arn = queue_arn(sqs, objects_url)
    s3.put_bucket_notification_configuration(
        Bucket=r.DOCUMENTS_BUCKET,
        NotificationConfiguration={"QueueConfigurations": [
            {"QueueArn": arn, "Events": ["s3:ObjectCreated:*"],
             "Filter": {"Key": {"FilterRules": [{"Name": "suffix", "Value": suffix}]}}}
            for suffix in r.SOURCE_SUFFIXES]})
    return StackNames(bucket=r.DOCUMENTS_BUCKET, objects_queue_url=objects_url,
                      objects_dlq_url=objects_dlq, urls_queue_url=urls_url,
                      urls_dlq_url=urls_dlq, url_state_table=r.URL_STATE_TABLE,
                      idempotency_table=r.IDEMPOTENCY_TABLE)


def queue_arn(sqs: Any, queue_url: str) -> str:
    attrs = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])
    return attrs["Attributes"]["QueueArn"]


def _queue_with_dlq(sqs: Any, name: str, dlq_name: str) -> tuple[str, str]:
    dlq_url = sqs.create_queue(QueueName=dlq_name)["QueueUrl"]
    redrive = {"deadLetterTargetArn": queue_arn(sqs, dlq_url),
               "maxReceiveCount": str(r.MAX_RECEIVE_COUNT)}
    url = sqs.create_queue(QueueName=name, Attributes={
        "RedrivePolicy": json.dumps(redrive), "VisibilityTimeout": str(QUEUE_VISIBILITY_S)})
    return url["QueueUrl"], dlq_url


def _table(ddb: Any, name: str, key: str, ttl_attr: str) -> None:
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": key, "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": key, "AttributeType": "S"}])
    ddb.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": ttl_attr})


def load_handler(name: str) -> ModuleType:
    """Import `functions/<name>/handler.py` under the unique module name `webfold_fn_<name>`.

    The functions are not a package (each is deployed alone); a module already loaded is
    returned as is, since handlers keep their clients at module level.
    """
    module_name = f"webfold_fn_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, FUNCTIONS_DIR / name / "handler.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"no handler for function {name!r} in {FUNCTIONS_DIR}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


class LocalStack:
    """moto's server on 127.0.0.1 (an ephemeral port) with the stack's resources in it.

    The handlers run in this process and build their clients from the environment at
    import: apply `environ()` (endpoint, fake credentials, the handlers' variables)
    before `dispatcher()` loads them.
    """

    def __init__(self, *, allow_loopback: bool = True) -> None:
        self.allow_loopback = allow_loopback
        self.server: Any = None
        self.endpoint = ""
        self.names: StackNames | None = None

    def start(self) -> StackNames:
        """Start the server and create the resources; returns their names."""
        from moto.server import ThreadedMotoServer

        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line per request otherwise
        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        self.server.start()
        host, port = self.server.get_host_and_port()
        self.endpoint = f"http://{host}:{port}"
        return self.reset()

    def client(self, service: str) -> Any:
        """A boto3 client for the embedded server, whatever the environment says."""
        import boto3

        return boto3.client(service, endpoint_url=self.endpoint, region_name=REGION,
                            aws_access_key_id="local", aws_secret_access_key="local")

    def resource(self, service: str) -> Any:
        """A boto3 resource (e.g. a DynamoDB `Table` factory) for the embedded server."""
        import boto3

        return boto3.resource(service, endpoint_url=self.endpoint, region_name=REGION,
                              aws_access_key_id="local", aws_secret_access_key="local")

    def reset(self) -> StackNames:
        """Forget every object, message and item, and create the resources afresh."""
        import httpx

        httpx.post(f"{self.endpoint}/moto-api/reset", timeout=10)
        self.names = create_resources(self.client)
        return self.names

    def environ(self) -> dict[str, str]:
        """The variables the handlers (and boto3 in this process) need."""
        assert self.names is not None, "start() first"
        env = {**LOCAL_ENV, "AWS_ENDPOINT_URL": self.endpoint, **self.names.environ()}
        if self.allow_loopback:  # the demo serves its URL from 127.0.0.1
            env["WEBFOLD_ALLOW_LOOPBACK"] = "1"
        return env

    def dispatcher(self) -> Dispatcher:
        """A dispatcher for both queues, with the handlers loaded from `functions/`."""
        assert self.names is not None, "start() first"
        sqs = self.client("sqs")
        routes = [
            QueueRoute("convert_object", self.names.objects_queue_url,
                       queue_arn(sqs, self.names.objects_queue_url),
                       load_handler("convert_object").lambda_handler),
            QueueRoute("ingest_url", self.names.urls_queue_url,
                       queue_arn(sqs, self.names.urls_queue_url),
                       load_handler("ingest_url").lambda_handler),
        ]
        return Dispatcher(sqs, routes, REGION)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def tick(self) -> dict:
        """One EventBridge Scheduler tick: the real `rescrape` handler, called now."""
        from webfold.aws.dispatcher import LocalContext, scheduler_event

        return load_handler("rescrape").lambda_handler(scheduler_event(),
                                                       LocalContext("rescrape"))


def output_summary(record: dict[str, Any]) -> str:
    """One line of a JSON record: type, title, sizes, pages or records, error."""
    fields: dict[str, Any] = {"type": record.get("type")}
    title = (record.get("metadata") or {}).get("title")
    if title:
        fields["title"] = title[:60]
    for name in ("blocks_kept", "bytes_markdown"):
        # An archive's are its records'; a failed document has none.
        if name in record and record.get("type") != "warc" and not record.get("error"):
            fields[name] = record[name]
    if record.get("pages"):
        fields["pages"] = len(record["pages"])
    if isinstance(record.get("warc"), dict) and "converted" in record["warc"]:
        fields["records"] = record["warc"]["converted"]  # an archive, not one of its records
    if record.get("route"):
        fields["route"] = record["route"]
    error = record.get("error")
    fields["error"] = error.get("code") if isinstance(error, dict) else error
    return json.dumps(fields, ensure_ascii=False, separators=(", ", ": "))


def print_outputs(s3: Any, bucket: str, keys: list[str], out: Any = sys.stdout) -> None:
    """Print each output key; a record key with one line of its JSON record."""
    for key in keys:
        if key.endswith(".json"):
            record = json.loads(s3.get_object(Bucket=bucket, Key=key)["Body"].read())
            print(f"{key}  {output_summary(record)}", file=out)
        else:
            print(key, file=out)


def output_keys(s3: Any, bucket: str, exclude: set[str]) -> list[str]:
    """Every .md/.json key in the bucket that is not in `exclude`, sorted."""
    found: list[str] = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        found += [o["Key"] for o in page.get("Contents", [])
                  if o["Key"].endswith((".md", ".json")) and o["Key"] not in exclude]
    return sorted(found, key=lambda k: (k.rsplit(".", 1)[0], not k.endswith(".md")))


def drop_files(s3: Any, bucket: str, paths: list[Path], prefix: str) -> list[str]:
    """Upload local files under `prefix`; returns their keys."""
    keys = []
    for path in paths:
        key = prefix + path.name
        s3.put_object(Bucket=bucket, Key=key, Body=path.read_bytes())
        keys.append(key)
    return keys


def queue_urls(sqs: Any, queue_url: str, urls: list[str]) -> None:
    for url in urls:
        sqs.send_message(QueueUrl=queue_url, MessageBody=UrlMessage(url).body())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m webfold.aws.local",
        description="Run the Webfold pipeline on this machine (moto as AWS) or against "
                    "the deployed stack (--aws).")
    parser.add_argument("--drop", nargs="+", type=Path, default=[], metavar="PATH",
                        help="upload these files to the documents bucket")
    parser.add_argument("--url", nargs="+", default=[], metavar="URL",
                        help="put these URLs on the URL queue")
    parser.add_argument("--prefix", default="inbox/", help="key prefix for dropped files")
    parser.add_argument("--watch", action="store_true",
                        help="keep running: poll the queues, tick the rescrape schedule, "
                             "print outputs as they appear (Ctrl-C stops)")
    parser.add_argument("--tick-s", type=float, default=60.0,
                        help="seconds between rescrape ticks with --watch")
    parser.add_argument("--aws", action="store_true",
                        help=f"use the deployed stack (names from {r.ENV_BUCKET} and "
                             f"{r.ENV_URLS_QUEUE}, credentials from the environment)")
    parser.add_argument("--wait-s", type=float, default=300.0,
                        help="with --aws: how long to wait for the outputs")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Exit 0 when every expected output appeared, 1 otherwise, 2 for bad arguments."""
    args = build_parser().parse_args(argv)
    missing = [str(p) for p in args.drop if not p.is_file()]
    if missing:
        print(f"webfold local: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.aws and args.watch:
        print("webfold local: --watch serves the local stack; in AWS the stack itself runs",
              file=sys.stderr)
        return 2
    if args.aws:
        return run_against_aws(args)
    stack = LocalStack()
    try:
        stack.start()
        os.environ.update(stack.environ())
        out = sys.stdout
        # Handler logs and metrics (what CloudWatch would get) go to stderr; outputs to stdout.
        with contextlib.redirect_stdout(sys.stderr):
            return run_local(stack, args, out)
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


def run_local(stack: LocalStack, args: argparse.Namespace, out: Any) -> int:
    assert stack.names is not None
    names, s3, sqs = stack.names, stack.client("s3"), stack.client("sqs")
    dispatcher = stack.dispatcher()
    drop_files(s3, names.bucket, args.drop, args.prefix)
    queue_urls(sqs, names.urls_queue_url, args.url)
    if not args.watch:
        dispatcher.drain()
        print_outputs(s3, names.bucket, output_keys(s3, names.bucket, set()), out)
        return 0
    print(f"webfold local: AWS API at {stack.endpoint} (any credentials), bucket "
          f"{names.bucket}, URL queue {names.urls_queue_url}; Ctrl-C stops", file=out,
          flush=True)
    seen: set[str] = set()
    next_tick = 0.0
    while True:
        if time.monotonic() >= next_tick:
            stack.tick()
            next_tick = time.monotonic() + args.tick_s
        dispatcher.poll(wait_s=1)
        new = output_keys(s3, names.bucket, seen)
        print_outputs(s3, names.bucket, new, out)
        seen.update(new)
        out.flush()


def run_against_aws(args: argparse.Namespace) -> int:
    """Drop files and URLs into the deployed stack and wait for their records."""
    import boto3

    from webfold.aws.keys import output_stem, record_key, scrape_stem

    try:
        bucket, queue = os.environ[r.ENV_BUCKET], os.environ[r.ENV_URLS_QUEUE]
    except KeyError as exc:
        print(f"webfold local --aws: set {exc.args[0]} (from the stack's outputs)",
              file=sys.stderr)
        return 2
    s3, sqs = boto3.client("s3"), boto3.client("sqs")
    dropped = drop_files(s3, bucket, args.drop, args.prefix)
    queue_urls(sqs, queue, args.url)
    expected = [record_key(output_stem(k)) for k in dropped] + \
        [record_key(scrape_stem(u)) for u in args.url]
    deadline = time.monotonic() + args.wait_s
    pending = list(expected)
    while pending and time.monotonic() < deadline:
        pending = [k for k in pending if not _exists(s3, bucket, k)]
        if pending:
            time.sleep(2)
    print_outputs(s3, bucket, [k for k in expected if k not in pending])
    for key in pending:
        print(f"{key}  (not there after {args.wait_s:g} s)")
    return 1 if pending else 0


def _exists(s3: Any, bucket: str, key: str) -> bool:
    from botocore.exceptions import ClientError

    try:
        s3.head_object(Bucket=bucket, Key=key)
    except ClientError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
