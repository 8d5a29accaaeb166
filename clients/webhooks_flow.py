"""Webhook endpoints end to end (issue 34), through the Python clients generated from
openapi/pay.yaml and openapi/inbound.json, with every delivery verified by the official Standard
Webhooks libraries: `standardwebhooks` from PyPI here, and from npm in clients/node/receiver.mjs.

Run by clients/run.sh with the generated `noren_client` and `noren_inbound` packages on the path:
    python webhooks_flow.py BASE MERCHANT_KEY PARTNER_KEY PLATFORM NODE_RECEIVER NOREN_BIN
NODE_RECEIVER is the Node receiver's base URL. NOREN_BIN makes the izakaya's merchant key (as
the inbound notifications guide does), with the server's database settings in the environment.

1. The merchant creates two endpoints, one verified in Python and one in Node; a sandbox payment
   is paid and both verify its `payment.paid` event.
2. The merchant rotates the Python endpoint's secret with an hour's overlap while payments go on:
   the receiver keeps the old secret for one delivery, then takes the new one; nothing fails.
3. The partner creates two endpoints; a booking at the izakaya (not real-time) is confirmed by
   the restaurant and both verify its `reservation.confirmed` notification.
4. The delivery logs show each attempt with the receiver's answer.
"""

import datetime
import http.server
import json
import subprocess
import sys
import threading
import time
import urllib.request
import uuid

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from noren_client import AuthenticatedClient
from noren_client.api.predefined_payments import create_online_payment
from noren_client.api.sandbox import sandbox_approve
from noren_client.api.webhook_endpoints import (
    create_webhook_endpoint,
    list_webhook_deliveries,
    rotate_webhook_endpoint_secret,
)
from noren_client.models import (
    CreatedPayment,
    PredefinedPayment,
    WebhookDeliveryPage,
    WebhookEndpoint,
)
from noren_inbound import AuthenticatedClient as PartnerClient
from noren_inbound.api.availability import get_availability_calendar, get_availability
from noren_inbound.api.courses import list_inbound_shop_courses
from noren_inbound.api.reservations import create_reservation
from noren_inbound.api.webhook_endpoints import (
    create_webhook_endpoint as create_partner_endpoint,
    list_webhook_deliveries as list_partner_deliveries,
)
from noren_inbound.models import (
    Availability,
    Calendar,
    CreateEndpointValues,
    CreateValues,
    CreateValuesRequestedCoursesItem,
    Reservation,
    WebhookDeliveryPage as PartnerDeliveryPage,
    WebhookEndpoint as PartnerEndpoint,
)

WAIT = 20


def step(name, response, model, status=200):
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
    print(f"ok   {name}")


class PythonReceiver:
    """A receiver that verifies each delivery with `standardwebhooks.Webhook(secret).verify` on
    the raw body, as an integrator's Python server would."""

    def __init__(self):
        self.secret = None
        self.verified = []
        self.failed = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0))).decode()
                try:
                    event = Webhook(receiver.secret).verify(body, dict(self.headers))
                    receiver.verified.append((self.headers["webhook-id"], self.headers["noren-event-type"], event))
                    self.send_response(204)
                except WebhookVerificationError as e:
                    receiver.failed.append(str(e))
                    self.send_response(400)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"


def node(node_url, method, path, body=None):
    req = urllib.request.Request(f"{node_url}{path}", data=body.encode() if body else None, method=method)
    with urllib.request.urlopen(req, timeout=10) as res:
        raw = res.read()
        return json.loads(raw) if raw else None


def wait_until(what, probe):
    deadline = time.time() + WAIT
    while time.time() < deadline:
        if probe():
            return
        time.sleep(0.1)
    sys.exit(f"{what}: not within {WAIT} s")


def pay(base, client):
    created = step("create_online_payment", create_online_payment.sync_detailed(
        client=client, amount=1200, idempotency_key=str(uuid.uuid4())), CreatedPayment)
    token = created.predefined_payment.token
    req = urllib.request.Request(f"{base}/checkout/api/{token}/attempts",
                                 data=json.dumps({"payment_method": "paypay", "tip": 0}).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as res:
        number = json.load(res)["attempt"]["payment_number"]
    step("sandbox_approve", sandbox_approve.sync_detailed(payment_number=number, client=client),
         PredefinedPayment)
    return token


def merchant(base, key, node_url):
    client = AuthenticatedClient(base_url=base, token=key, prefix="", auth_header_name="X-Auth-API-Key")
    py = PythonReceiver()
    a = step("create_webhook_endpoint (Python receiver)", create_webhook_endpoint.sync_detailed(
        client=client, url_query=py.url, enabled_events="payment.paid"), WebhookEndpoint, status=201)
    b = step("create_webhook_endpoint (Node receiver)", create_webhook_endpoint.sync_detailed(
        client=client, url_query=f"{node_url}/hooks/shop", enabled_events="*"), WebhookEndpoint, status=201)
    py.secret = a.secret
    node(node_url, "PUT", "/secrets/shop", b.secret)

    token = pay(base, client)
    wait_until("the paid event in Python and Node", lambda: py.verified and node(node_url, "GET", "/results").get("shop", {}).get("verified"))
    got = node(node_url, "GET", "/results")["shop"]["verified"][0]
    check("both verify the same paid event",
          py.verified[0][0] == got["id"] and py.verified[0][2]["token"] == token == got["body"]["token"]
          and got["type"] == "payment.paid", f"{py.verified} {got}")

    # Rotation with an hour's overlap while deliveries go on: the receiver keeps the old
    # secret for the next delivery, then switches; every delivery verifies.
    old = py.secret
    rotated = step("rotate_webhook_endpoint_secret", rotate_webhook_endpoint_secret.sync_detailed(
        a.id, client=client, overlap_seconds=3600), WebhookEndpoint)
    check("a new secret, the previous one signing for an hour",
          rotated.secret != old and rotated.previous_secret_expires_time is not None, str(rotated))
    pay(base, client)
    wait_until("the delivery during the overlap, with the old secret", lambda: len(py.verified) == 2)
    py.secret = rotated.secret
    pay(base, client)
    wait_until("the delivery with the new secret", lambda: len(py.verified) == 3)
    check("no verification failure during the rotation", not py.failed and
          not node(node_url, "GET", "/results")["shop"]["failed"], f"{py.failed}")

    page = step("list_webhook_deliveries", list_webhook_deliveries.sync_detailed(a.id, client=client),
                WebhookDeliveryPage)
    check("the log: three attempts answered 204, newest first",
          [d.status_code for d in page.data] == [204, 204, 204] and page.data[0].time >= page.data[-1].time,
          str(page))


def izakaya_key(bin_, shop):
    device = json.loads(subprocess.check_output([bin_, "device", "create", "--shop", str(shop),
                                                 "--name", "Izakaya front desk"]))["id"]
    return json.loads(subprocess.check_output([bin_, "key", "create", "--device", str(device),
                                               "--family", "sk", "--mode", "test"]))["key"]


def book_pending(client, platform, shops):
    """A booking at the first demo shop that does not confirm in real time: (shop, reservation)."""
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=9))).date()
    start = today + datetime.timedelta(days=9)
    for shop in shops:
        courses = list_inbound_shop_courses.sync_detailed(platform, shop, client=client).parsed.rows
        course = next(c for c in courses if c.parent_course_id is None)
        week = step("get_availability_calendar", get_availability_calendar.sync_detailed(
            platform, shop, client=client, from_=start, to=start + datetime.timedelta(days=6),
            pax=2, course_id=course.id), Calendar)
        day = next((d for d in week.days if d.available), None)
        if day is None:
            continue
        one = step("get_availability", get_availability.sync_detailed(
            platform, shop, client=client, request_date=day.date, pax=2, course_id=course.id), Availability)
        booked = step("create_reservation", create_reservation.sync_detailed(
            platform, shop, client=client, body=CreateValues(
                reservation_start_time=one.available_start_times[0], guest_first_name="Py",
                guest_last_name="Hooks", number_of_guests=2,
                requested_courses=[CreateValuesRequestedCoursesItem(course_id=course.id, course_amount_requested=2)],
                origin_platform_reservation_number=f"PYHOOK-{uuid.uuid4().hex[:12]}")), Reservation)
        if booked.status == "PENDING":
            return shop, booked
    sys.exit("no demo shop booked as PENDING")


def partner(base, key, platform, shops, node_url, bin_):
    client = PartnerClient(base_url=base, token=key)
    py = PythonReceiver()
    a = step("create_webhook_endpoint (partner, Python)", create_partner_endpoint.sync_detailed(
        platform, client=client, body=CreateEndpointValues(url=py.url, enabled_events=["reservation.confirmed"])),
        PartnerEndpoint, status=201)
    b = step("create_webhook_endpoint (partner, Node)", create_partner_endpoint.sync_detailed(
        platform, client=client, body=CreateEndpointValues(url=f"{node_url}/hooks/platform", enabled_events=["*"])),
        PartnerEndpoint, status=201)
    py.secret = a.secret
    node(node_url, "PUT", "/secrets/platform", b.secret)

    shop, booked = book_pending(client, platform, shops)
    req = urllib.request.Request(f"{base}/api/admin/inbound/reservations/{booked.id}/confirm", method="POST",
                                 headers={"X-Auth-API-Key": izakaya_key(bin_, shop)})
    with urllib.request.urlopen(req, timeout=10) as res:
        check("the restaurant confirms", json.load(res)["status"] == "SUCCESS")
    wait_until("the confirmation in Python and Node", lambda: py.verified and node(node_url, "GET", "/results").get("platform", {}).get("verified"))
    got = node(node_url, "GET", "/results")["platform"]["verified"][0]
    check("both verify the reservation.confirmed notification",
          py.verified[0][1] == got["type"] == "reservation.confirmed"
          and py.verified[0][2]["reservation"]["id"] == booked.id == got["body"]["reservation"]["id"],
          f"{py.verified} {got}")
    page = step("list_webhook_deliveries (partner)", list_partner_deliveries.sync_detailed(
        platform, a.id, client=client), PartnerDeliveryPage)
    check("the partner's log", [d.outcome for d in page.data] == ["succeeded"], str(page))


def main(base, merchant_key, partner_key, platform, shops, node_url, bin_):
    merchant(base, merchant_key, node_url)
    partner(base, partner_key, platform, [int(s) for s in shops.split(",")], node_url, bin_)


if __name__ == "__main__":
    main(*sys.argv[1:8])
