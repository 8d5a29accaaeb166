"""A partner's hold → book → calendar flow through the Python client generated from
openapi/inbound.json (issue 20): the demo platform's key books the demo sushi shop.

Run by clients/run.sh with the generated `noren_inbound` package on the path:
    python inbound_flow.py BASE_URL PARTNER_KEY PLATFORM SHOP_ID
Every answer must parse into the model the spec names; any mismatch, unexpected status or wrong
value stops with a message naming the step.
"""

import datetime
import sys
import uuid

from noren_inbound import AuthenticatedClient
from noren_inbound.api.availability import get_availability, get_availability_calendar
from noren_inbound.api.courses import list_inbound_shop_courses
from noren_inbound.api.holds import create_hold, get_hold, release_hold
from noren_inbound.api.reservations import create_reservation
from noren_inbound.models import (
    Availability,
    Calendar,
    CreateValues,
    CreateValuesRequestedCoursesItem,
    Hold,
    HoldValues,
    HoldValuesRequestedCoursesItem,
    InboundErrorBody,
    Reservation,
)


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


def main(base, key, platform, shop):
    shop = int(shop)
    client = AuthenticatedClient(base_url=base, token=key)
    courses = list_inbound_shop_courses.sync_detailed(platform, shop, client=client)
    check("courses", courses.status_code == 200, f"{courses.status_code} {courses.content[:300]!r}")
    course = next(c for c in courses.parsed.rows if c.parent_course_id is None)
    print(f"ok   courses: booking course {course.id}")

    # A week from eight days ahead (JST): the calendar, then the first bookable day's times.
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=9))).date()
    start = today + datetime.timedelta(days=8)
    week = step("get_availability_calendar", get_availability_calendar.sync_detailed(
        platform, shop, client=client, from_=start, to=start + datetime.timedelta(days=6),
        pax=2, course_id=course.id), Calendar)
    check("calendar", len(week.days) == 7, str(week))
    day = next((d for d in week.days if d.available), None)
    check("calendar", day is not None, f"no bookable day in {week}")
    one = step("get_availability", get_availability.sync_detailed(
        platform, shop, client=client, request_date=day.date, pax=2, course_id=course.id), Availability)
    check("calendar = availability", len(one.available_times) == day.available_slot_count,
          f"{day} vs {one.available_times}")
    at = one.available_start_times[-1]
    print(f"ok   availability: {len(one.available_times)} slots on {day.date}, holding {at}")

    wanted = [HoldValuesRequestedCoursesItem(course_id=course.id, course_amount_requested=2)]
    key_ = str(uuid.uuid4())
    hold = step("create_hold", create_hold.sync_detailed(
        platform, shop, client=client, idempotency_key=key_,
        body=HoldValues(reservation_start_time=at, number_of_guests=2, requested_courses=wanted)), Hold)
    check("hold", hold.status == "HELD" and hold.reservation_start_time == at, str(hold))
    check("hold: expiresAt is a time", isinstance(hold.expires_at, datetime.datetime), repr(hold.expires_at))
    again = step("create_hold (repeat)", create_hold.sync_detailed(
        platform, shop, client=client, idempotency_key=key_,
        body=HoldValues(reservation_start_time=at, number_of_guests=2, requested_courses=wanted)), Hold)
    check("hold repeat", again.id == hold.id, f"{again.id} != {hold.id}")

    booked = step("create_reservation (with the hold)", create_reservation.sync_detailed(
        platform, shop, client=client, body=CreateValues(
            reservation_start_time=at, guest_first_name="Py", guest_last_name="Client",
            number_of_guests=2,
            requested_courses=[CreateValuesRequestedCoursesItem(course_id=course.id, course_amount_requested=2)],
            origin_platform_reservation_number=f"PY-{uuid.uuid4().hex[:12]}", hold_id=hold.id)), Reservation)
    used = step("get_hold", get_hold.sync_detailed(platform, shop, hold.id, client=client), Hold)
    check("hold used", used.status == "USED" and used.reservation_id == booked.id, str(used))
    refused = step("release_hold (used)", release_hold.sync_detailed(platform, shop, hold.id, client=client),
                   InboundErrorBody, status=409)
    check("release refused", str(refused.reason) == "status_conflict" or getattr(refused.reason, "value", None) == "status_conflict",
          str(refused))
    after = step("get_availability_calendar (after)", get_availability_calendar.sync_detailed(
        platform, shop, client=client, from_=day.date, to=day.date, pax=2, course_id=course.id), Calendar)
    print(f"ok   booked {booked.id} at {booked.reservation_start_time}; {after.days[0].available_slot_count} slots left that day")


if __name__ == "__main__":
    main(*sys.argv[1:5])
