"""moto's server as an embedded AWS, with the resources of the CDK stack in it.

`LocalStack` starts moto on 127.0.0.1, creates the bucket, queues (with dead-letter
queues and redrive) and tables named in `webfold.pipeline.resources`, routes new
sources S3 -> EventBridge -> objects queue with the rule pattern the CDK stack uses
(`resources.source_event_pattern`), and hands out a `Dispatcher` that drives the real
handlers of `functions/`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus

from devstack.dispatcher import Dispatcher, QueueRoute
from devstack.handlers import LocalContext, load_handler, scheduler_event
from webfold.pipeline import resources as r

REGION = "us-east-1"
# The handlers' timeout on this machine (nothing kills them at it: it is what their
# context reports, so the idempotency in-progress expiry), from which each queue's
# visibility timeout is derived exactly as in AWS (`resources.visibility_timeout_s`).
LOCAL_CONSUMER_TIMEOUT_S = 120
LOCAL_ENV = {
    "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",  # moto takes any key
    "AWS_DEFAULT_REGION": REGION, "AWS_REGION": REGION,
    "POWERTOOLS_TRACE_DISABLED": "1", "POWERTOOLS_METRICS_NAMESPACE": "webfold-local",
    "POWERTOOLS_SERVICE_NAME": "webfold", "POWERTOOLS_LOG_LEVEL": "INFO",
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


def create_resources(client: Callable[[str], Any],
                     consumer_timeout_s: int = LOCAL_CONSUMER_TIMEOUT_S) -> StackNames:
    """Create the bucket, queues, tables and the objects rule of the stack; returns names.

    `client(service)` returns a boto3 client for the target account; the queues'
    visibility timeout is derived from `consumer_timeout_s`.
    """
    s3, sqs, ddb = client("s3"), client("sqs"), client("dynamodb")
    s3.create_bucket(Bucket=r.DOCUMENTS_BUCKET)
    visibility_s = r.visibility_timeout_s(consumer_timeout_s)
    objects_url, objects_dlq = _queue_with_dlq(sqs, r.OBJECTS_QUEUE, r.OBJECTS_DLQ, visibility_s)
    urls_url, urls_dlq = _queue_with_dlq(sqs, r.URLS_QUEUE, r.URLS_DLQ, visibility_s)
    _table(ddb, r.URL_STATE_TABLE, r.URL_STATE_KEY, r.URL_STATE_TTL_ATTR)
    _table(ddb, r.IDEMPOTENCY_TABLE, r.IDEMPOTENCY_KEY, r.IDEMPOTENCY_TTL_ATTR)
    # S3 -> EventBridge -> objects queue, the rule made from the pattern the CDK stack
    # uses; moto delivers it (equals-ignore-case suffixes included).
    s3.put_bucket_notification_configuration(
        Bucket=r.DOCUMENTS_BUCKET, NotificationConfiguration={"EventBridgeConfiguration": {}})
    events = client("events")
    events.put_rule(Name=r.OBJECTS_RULE,
                    EventPattern=json.dumps(r.source_event_pattern(r.DOCUMENTS_BUCKET)))
    events.put_targets(Rule=r.OBJECTS_RULE,
                       Targets=[{"Id": r.OBJECTS_QUEUE, "Arn": queue_arn(sqs, objects_url)}])
    return StackNames(bucket=r.DOCUMENTS_BUCKET, objects_queue_url=objects_url,
                      objects_dlq_url=objects_dlq, urls_queue_url=urls_url,
                      urls_dlq_url=urls_dlq, url_state_table=r.URL_STATE_TABLE,
                      idempotency_table=r.IDEMPOTENCY_TABLE)


def aws_shaped_s3_event(body: str) -> str:
    """moto's S3 EventBridge event as AWS sends it: moto puts the raw key and `eTag`
    where AWS puts the form-encoded key (as in S3 notifications; Powertools decodes it)
    and `etag`."""
    event = json.loads(body)
    obj = event.get("detail", {}).get("object")
    if isinstance(obj, dict) and "key" in obj:
        obj["key"] = quote_plus(obj["key"], safe="/")
        if "eTag" in obj:
            obj["etag"] = obj.pop("eTag")
    return json.dumps(event)


def queue_arn(sqs: Any, queue_url: str) -> str:
    attrs = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])
    return attrs["Attributes"]["QueueArn"]


def _queue_with_dlq(sqs: Any, name: str, dlq_name: str, visibility_s: int) -> tuple[str, str]:
    dlq_url = sqs.create_queue(QueueName=dlq_name)["QueueUrl"]
    redrive = {"deadLetterTargetArn": queue_arn(sqs, dlq_url),
               "maxReceiveCount": str(r.MAX_RECEIVE_COUNT)}
    url = sqs.create_queue(QueueName=name, Attributes={
        "RedrivePolicy": json.dumps(redrive), "VisibilityTimeout": str(visibility_s)})
    return url["QueueUrl"], dlq_url


def _table(ddb: Any, name: str, key: str, ttl_attr: str) -> None:
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": key, "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": key, "AttributeType": "S"}])
    ddb.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": ttl_attr})


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
        self.consumer_timeout_s = LOCAL_CONSUMER_TIMEOUT_S

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

    def reset(self, *, consumer_timeout_s: int = LOCAL_CONSUMER_TIMEOUT_S) -> StackNames:
        """Forget every object, message and item, and create the resources afresh, for
        handlers that time out after `consumer_timeout_s` (see LOCAL_CONSUMER_TIMEOUT_S)."""
        import httpx

        httpx.post(f"{self.endpoint}/moto-api/reset", timeout=10)
        self.consumer_timeout_s = consumer_timeout_s
        self.names = create_resources(self.client, consumer_timeout_s)
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
                       load_handler("convert_object").lambda_handler, self.consumer_timeout_s,
                       aws_shaped_s3_event),
            QueueRoute("ingest_url", self.names.urls_queue_url,
                       queue_arn(sqs, self.names.urls_queue_url),
                       load_handler("ingest_url").lambda_handler, self.consumer_timeout_s),
        ]
        return Dispatcher(sqs, routes, REGION)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def tick(self) -> dict:
        """One EventBridge Scheduler tick: the real `rescrape` handler, called now."""
        return load_handler("rescrape").lambda_handler(scheduler_event(),
                                                       LocalContext("rescrape"))
