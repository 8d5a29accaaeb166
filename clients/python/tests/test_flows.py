"""The official client against a live Noren (clients/run.sh): a paid and refunded payment, a
cafeteria order, a hold → booking → cancel, and test clocks past an expiry, a refund window and
the day-of cancellation rule; the error body as a typed exception; retries that honour
Retry-After with one idempotency key; a delivery verified with standardwebhooks."""

import datetime as dt
import http.server
import json
import queue
import threading
import time

import httpx
import pytest
from conftest import choose_brand, first_slot, origin, paid_payment
from standardwebhooks.webhooks import WebhookVerificationError

from noren import SPECS, Noren, NorenError, TestClock, verify_webhook
from noren.inbound.api.holds import create_hold
from noren.inbound.api.reservations import cancel_reservation, create_reservation
from noren.inbound.models import CancelValues, CreateValues, HoldValues
from noren.order.api.cafeteria_orders import (
    begin_cafeteria_order,
    append_to_cafeteria_order,
    create_cafeteria_order,
    finalize_cafeteria_order,
    get_cafeteria_order,
)
from noren.order.api.shops_and_menus import get_order_shop
from noren.order.models import AppendValues, CreateOrderValues, TokenValues
from noren.pay.api.api_keys import whoami
from noren.pay.api.predefined_payments import create_online_payment, get_predefined_payment
from noren.pay.api.refunds import refund
from noren.pay.api.webhook_endpoints import create_webhook_endpoint, delete_webhook_endpoint


def test_a_payment_is_paid_through_the_sandbox_and_refunded(noren):
    token, number = paid_payment(noren, 1800)
    assert get_predefined_payment.sync(token, client=noren.pay).fulfilled is True
    assert refund.sync(client=noren.pay, payment_number=number).result_code == 2000


def test_a_cafeteria_order_is_opened_appended_finalized_and_paid(noren, env):
    order = create_cafeteria_order.sync(
        client=noren.order, body=CreateOrderValues.from_dict({"shopId": env.shop_id, "tableNumber": "8", "mutable": True})
    )
    shop = get_order_shop.sync(env.shop_id, client=noren.order)
    gyoza = next(m for c in shop.order_menus for m in c.menus if m.name == "Gyoza (6 pieces)")
    begin_cafeteria_order.sync(order.id, client=noren.order, body=TokenValues(token=order.mutable_token))
    appended = append_to_cafeteria_order.sync(
        order.id,
        client=noren.order,
        body=AppendValues.from_dict(
            {"token": order.mutable_token, "deviceTag": "py-client", "menus": [{"id": gyoza.id, "quantity": 2}]}
        ),
    )
    assert appended.amount > 0
    final = finalize_cafeteria_order.sync(order.id, client=noren.order, body=TokenValues(token=order.mutable_token))
    chosen = choose_brand(final.predefined_payment_token)
    assert chosen.status_code == 200
    from noren.pay.api.sandbox import sandbox_approve

    sandbox_approve.sync(chosen.json()["attempt"]["payment_number"], client=noren.pay)
    assert get_cafeteria_order.sync(order.id, client=noren.order).status == 5


def test_a_hold_becomes_a_booking_which_is_cancelled(noren, env):
    start = (dt.datetime.now(dt.timezone(dt.timedelta(hours=9))) + dt.timedelta(days=8)).date()
    course, _, at = first_slot(noren, env.inbound_shop, 2, start)
    asked = {"reservationStartTime": at, "numberOfGuests": 2, "requestedCourses": [{"courseId": course, "courseAmountRequested": 2}]}
    hold = create_hold.sync(env.platform, env.inbound_shop, client=noren.inbound, body=HoldValues.from_dict(asked))
    assert hold.status == "HELD"
    number = origin("hold")
    booked = create_reservation.sync(
        env.platform,
        env.inbound_shop,
        client=noren.inbound,
        body=CreateValues.from_dict(
            {**asked, "guestFirstName": "Alex", "guestLastName": "Smith", "originPlatformReservationNumber": number, "holdId": hold.id}
        ),
    )
    assert booked.status == "SUCCESS"
    cancelled = cancel_reservation.sync(env.platform, number, client=noren.inbound, body=CancelValues(remark="Plans changed."))
    assert str(cancelled.status).startswith("CANCELLED")


def test_test_clocks_expiry_refund_window_and_the_day_of_cancellation(noren, env):
    with TestClock.shop(noren, "2027-01-15T09:00:00Z", name="py client", replace=True) as clock:
        created = create_online_payment.sync(client=noren.pay, amount=1200, expires_after=3600)
        token = created.predefined_payment.token
        assert created.predefined_payment.create_time == dt.datetime(2027, 1, 15, 9, tzinfo=dt.timezone.utc)
        clock.advance_by(dt.timedelta(hours=2))
        assert clock.state.status == "ready"
        assert get_predefined_payment.sync(token, client=noren.pay).expired is True
        assert choose_brand(token).status_code == 409, "the checkout refuses an expired payment"
        _, number = paid_payment(noren, 1500)
        clock.advance("2027-04-16T11:00:00Z")
        assert refund.sync(client=noren.pay, payment_number=number).result_code == 2102

    with TestClock.for_platform(noren, env.platform, "2027-01-15T18:00:00+09:00", replace=True) as pclock:
        course, day, at = first_slot(noren, env.inbound_shop, 2, dt.date(2027, 1, 18))
        number = origin("clock")
        booked = create_reservation.sync(
            env.platform,
            env.inbound_shop,
            client=noren.inbound,
            body=CreateValues.from_dict(
                {
                    "reservationStartTime": at,
                    "guestFirstName": "Mei",
                    "guestLastName": "Chen",
                    "numberOfGuests": 2,
                    "requestedCourses": [{"courseId": course, "courseAmountRequested": 2}],
                    "originPlatformReservationNumber": number,
                }
            ),
        )
        assert booked.status == "SUCCESS"
        pclock.advance(f"{day.isoformat()}T09:00:00+09:00")
        with pytest.raises(NorenError) as refused:
            cancel_reservation.sync(env.platform, number, client=noren.inbound, body=CancelValues())
        assert (refused.value.status, refused.value.reason) == (409, "cancellation_day_of")

    # Back on real time.
    now = create_online_payment.sync(client=noren.pay, amount=100).predefined_payment.create_time
    assert abs((now - dt.datetime.now(dt.timezone.utc)).total_seconds()) < 120


def test_a_refusal_is_a_noren_error_with_the_field_path_and_the_request_id(noren, env):
    with pytest.raises(NorenError) as bad:
        create_online_payment.sync(client=noren.pay, amount=1)
    e = bad.value
    assert (e.status, e.code, e.errors[0].field) == (400, "client", "amount")
    assert e.request_id and len(e.request_id) == 36
    with Noren(env.base, api_key="sk_test_unknownunknownunknownunknown") as stranger:
        with pytest.raises(NorenError) as unknown:
            whoami.sync(client=stranger.pay)
        assert unknown.value.status == 401


class _Script(http.server.BaseHTTPRequestHandler):
    """Answers 429 (Retry-After 1), then 503 (Retry-After 0), then passes the request on to the
    real server and answers what it answered."""

    seen: list = []
    upstream = ""

    def do_POST(self):
        self.seen.append((time.monotonic(), self.headers.get("Idempotency-Key")))
        n = len(self.seen)
        if n > 2:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            real = httpx.request(
                self.command,
                f"{self.upstream}{self.path}",
                content=body,
                headers={k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")},
            )
            self.send_response(real.status_code)
            self.send_header("Content-Type", real.headers.get("content-type", "application/json"))
            self.end_headers()
            self.wfile.write(real.content)
            return
        status, body, extra = (
            (429, {"code": "too_many_requests", "message": "slow down"}, {"Retry-After": "1"})
            if n == 1
            else (503, {"code": "server", "message": "restarting"}, {"Retry-After": "0"})
        )
        self.send_response(status)
        for k, v in {"Content-Type": "application/json", **extra}.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(json.dumps(body).encode())

    do_GET = do_POST

    def log_message(self, *args):
        pass


def test_429_and_503_are_retried_after_retry_after_with_one_idempotency_key(env):
    _Script.upstream = env.base
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Script)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with Noren(url, api_key=env.key) as client:
            created = create_online_payment.sync(client=client.pay, amount=100)
            assert created.predefined_payment.amount == 100
        seen = _Script.seen
        assert len(seen) == 3
        assert seen[0][1] and all(k == seen[0][1] for _, k in seen), "one key on every retry"
        assert seen[1][0] - seen[0][0] >= 0.95, "waited the Retry-After second"
        seen.clear()
        with Noren(url, api_key=env.key, max_retries=0) as impatient:
            with pytest.raises(NorenError) as out:
                whoami.sync(client=impatient.pay)
            assert (out.value.status, out.value.code) == (429, "too_many_requests")
    finally:
        server.shutdown()


def test_a_real_delivery_verifies_with_verify_webhook_and_a_forged_one_does_not(noren):
    got: queue.Queue = queue.Queue()

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(204)
            self.end_headers()
            got.put((body, dict(self.headers)))

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = create_webhook_endpoint.sync(
        client=noren.pay, url_query=f"http://127.0.0.1:{server.server_address[1]}/hook", enabled_events="payment.paid"
    )
    try:
        token, _ = paid_payment(noren, 900)
        body, headers = got.get(timeout=10)
        assert verify_webhook(body, headers, endpoint.secret)["token"] == token
        with pytest.raises(WebhookVerificationError):
            verify_webhook(body + b" ", headers, endpoint.secret)
    finally:
        delete_webhook_endpoint.sync(endpoint.id, client=noren.pay)
        server.shutdown()


def test_the_client_names_the_specs_it_was_generated_from():
    assert SPECS["pay"]["version"] == "3.0.0"
    assert len(SPECS["inbound"]["sha256"]) == 64


def test_the_address_and_keys_default_to_noren_api_base_and_noren_key(env, monkeypatch):
    monkeypatch.setenv("NOREN_API_BASE", env.base)
    monkeypatch.setenv("NOREN_KEY", env.key)
    with Noren() as default:
        assert whoami.sync(client=default.pay).shop.id == env.shop_id
