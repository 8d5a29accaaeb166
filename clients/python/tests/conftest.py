"""What the tests share: the live server and its demo keys (clients/run.sh starts it and sets
the NOREN_* variables), the customer's side of the hosted checkout (the browser's calls, outside
the client) and the first bookable slot of a shop."""

import datetime as dt
import os
import random
import time

import httpx
import pytest

from noren import Noren
from noren.inbound.api.availability import get_availability, get_availability_calendar
from noren.inbound.api.courses import list_inbound_shop_courses
from noren.pay.api.predefined_payments import create_online_payment
from noren.pay.api.sandbox import sandbox_approve


def required(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: clients/run.sh sets it to the demo server's", returncode=2)
    return value


class Env:
    base = required("NOREN_BASE")
    key = required("NOREN_KEY")
    partner_key = required("NOREN_PARTNER_KEY")
    platform = required("NOREN_PLATFORM")
    shop_id = int(required("NOREN_SHOP_ID"))
    # A restaurant of the platform that confirms in real time, with a cancellation policy.
    inbound_shop = int(required("NOREN_INBOUND_SHOP"))


@pytest.fixture(scope="session")
def env() -> type[Env]:
    return Env


@pytest.fixture(scope="session")
def noren():
    with Noren(Env.base, api_key=Env.key, partner_key=Env.partner_key) as client:
        yield client


def choose_brand(token: str) -> httpx.Response:
    """The customer chooses the first brand of the hosted checkout (what its page does)."""
    view = httpx.get(f"{Env.base}/checkout/api/{token}").json()
    return httpx.post(
        f"{Env.base}/checkout/api/{token}/attempts", json={"payment_method": view["brands"][0]["payment"], "tip": 0}
    )


def paid_payment(noren: Noren, amount: int) -> tuple[str, str]:
    """A new payment of ``amount`` yen, chosen and approved with the sandbox brand."""
    created = create_online_payment.sync(client=noren.pay, amount=amount)
    token = created.predefined_payment.token
    number = choose_brand(token).json()["attempt"]["payment_number"]
    sandbox_approve.sync(number, client=noren.pay)
    return token, number


def first_slot(noren: Noren, shop: int, pax: int, start: dt.date) -> tuple[int, dt.date, str]:
    """The shop's first course, and the first day and start time it can be booked for ``pax``."""
    courses = list_inbound_shop_courses.sync(Env.platform, shop, client=noren.inbound)
    course = courses.rows[0].id
    calendar = get_availability_calendar.sync(
        Env.platform, shop, client=noren.inbound, from_=start, to=start + dt.timedelta(days=61), pax=pax, course_id=course
    )
    day = next(d for d in calendar.days if d.available)
    free = get_availability.sync(Env.platform, shop, client=noren.inbound, request_date=day.date, pax=pax, course_id=course)
    return course, day.date, free.available_start_times[0]


def origin(label: str) -> str:
    return f"PY-{label}-{time.time_ns()}-{random.randrange(10**6)}"
