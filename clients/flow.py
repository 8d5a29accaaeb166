"""A whole sandbox payment through the Python client generated from openapi/pay.yaml.

Run by clients/run.sh with the generated `noren_client` package on the path:
    python flow.py BASE_URL MERCHANT_KEY
Every answer must parse into the model the spec names (errors into ErrorBody); any mismatch,
unexpected status or wrong value stops with a message naming the step.
"""

import datetime
import json
import sys
import urllib.request
import uuid

from noren_client import AuthenticatedClient, Client
from noren_client.api.api_keys import whoami
from noren_client.api.predefined_payments import (
    available_payments,
    create_online_payment,
    get_predefined_payment,
    list_predefined_payments,
    update_predefined_payment,
)
from noren_client.api.refunds import refund
from noren_client.api.sandbox import sandbox_approve
from noren_client.api.webhooks import list_webhook_events
from noren_client.models import (
    AvailablePayment,
    CreatedPayment,
    ErrorBody,
    ErrorCode,
    KeyCheckResult,
    PaymentPage,
    PredefinedPayment,
    RefundResult,
    WebhookEventPage,
)


def step(name, response, model, status=200):
    """The parsed answer of one call, checked to be `model` with `status`."""
    parsed = response.parsed
    ok = response.status_code == status and isinstance(parsed, model)
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {int(response.status_code)} {type(parsed).__name__}")
    if not ok:
        sys.exit(f"{name}: expected {status} {model.__name__}, got {int(response.status_code)}: "
                 f"{response.content[:500]!r}")
    return parsed


def check(name, condition, detail=""):
    if not condition:
        sys.exit(f"{name}: {detail}")


def main(base, key):
    client = AuthenticatedClient(base_url=base, token=key, prefix="", auth_header_name="X-Auth-API-Key")
    public = Client(base_url=base)
    order_no = f"PY-{uuid.uuid4().hex[:12]}"

    created = step("create_online_payment", create_online_payment.sync_detailed(
        client=client, amount=1000, order_no=order_no, tip_vas_enabled=False,
        idempotency_key=str(uuid.uuid4())), CreatedPayment)
    payment = created.predefined_payment
    token = payment.token
    check("create", payment.amount == 1000 and payment.order_no == order_no, str(payment))
    check("create: times are parsed", isinstance(payment.create_time, datetime.datetime),
          repr(payment.create_time))

    read = step("get_predefined_payment", get_predefined_payment.sync_detailed(
        token=token, client=public), PredefinedPayment)
    check("get", read.token == token and not read.fulfilled, str(read))

    brands = available_payments.sync_detailed(token=token, client=public)
    check("available_payments", brands.status_code == 200 and isinstance(brands.parsed, list)
          and all(isinstance(b, AvailablePayment) for b in brands.parsed),
          f"{brands.status_code} {brands.content[:300]!r}")
    methods = [b.payment for b in brands.parsed]
    print(f"ok   available_payments: {methods}")
    check("available_payments", "paypay" in methods, str(methods))

    # The checkout's own call (not in the public spec) starts an attempt, as the customer would.
    req = urllib.request.Request(f"{base}/checkout/api/{token}/attempts",
                                 data=json.dumps({"payment_method": "paypay", "tip": 0}).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as res:
        number = json.load(res)["attempt"]["payment_number"]
    print(f"ok   checkout attempt: {number}")

    paid = step("sandbox_approve", sandbox_approve.sync_detailed(
        payment_number=number, client=client), PredefinedPayment)
    check("approve", paid.fulfilled and paid.associated_payments[0].status == 10, str(paid))

    page = step("list_predefined_payments", list_predefined_payments.sync_detailed(
        client=client, order_no=order_no), PaymentPage)
    check("list", page.total == 1 and page.data[0].token == token, str(page))

    updated = step("update_predefined_payment", update_predefined_payment.sync_detailed(
        client=client, token=token, custom="from the generated client"), PredefinedPayment)
    check("update", updated.custom == "from the generated client", str(updated))

    refunded = step("refund", refund.sync_detailed(
        client=client, payment_number=number, idempotency_key=str(uuid.uuid4())), RefundResult)
    check("refund", refunded.result_code == 2000 and refunded.payment.status == 30, str(refunded))

    me = step("whoami", whoami.sync_detailed(client=client), KeyCheckResult)
    check("whoami", me.api_key.mode == "test", str(me))

    events = step("list_webhook_events", list_webhook_events.sync_detailed(
        client=client, token=token), WebhookEventPage)
    statuses = sorted(str(e.payment_status) for e in events.data)
    check("events", statuses == ["paid", "refunded"], str(statuses))

    bad = step("create_online_payment amount=10", create_online_payment.sync_detailed(
        client=client, amount=10), ErrorBody, status=400)
    check("error", bad.code == ErrorCode.CLIENT and any(e.field == "amount" for e in bad.errors),
          str(bad))

    unknown = step("get_predefined_payment unknown", get_predefined_payment.sync_detailed(
        token="A" * 32, client=public), ErrorBody, status=404)
    check("404", unknown.code == ErrorCode.NOT_FOUND, str(unknown))

    nokey = AuthenticatedClient(base_url=base, token="sk_test_wrong", prefix="",
                                auth_header_name="X-Auth-API-Key")
    denied = step("whoami with a wrong key", whoami.sync_detailed(client=nokey), ErrorBody, status=401)
    check("401", denied.code == ErrorCode.UNAUTHORIZED, str(denied))
    print("the generated Python client paid, listed, updated and refunded a sandbox payment")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
