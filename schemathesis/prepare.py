"""Real identifiers for schemathesis (run by run.sh before the run).

Creates payments on the live server and pays some of them through the checkout and the sandbox,
so that refunds, mini-program charges, sandbox calls and redeliveries reach their logic instead
of answering 404 to random identifiers. Prints the schemathesis dictionaries (TOML) that
schemathesis.toml binds the parameters to.

    python prepare.py BASE_URL MERCHANT_KEY SHOP_NUMBER APPID WEBHOOK_URL
    python prepare.py order BASE_URL MERCHANT_KEY SHOP_ID ORDERS_FILE
    python prepare.py inbound BASE_URL PARTNER_KEY PLATFORM SHOP_IDS MERCHANT_SHOP_ID RESERVATIONS_FILE

The second form prepares the ordering API's run (order.toml): the demo restaurant's shop,
category, menu and variation ids, and cafeteria orders made with the admin call, some begun
(status 1, open to appends), with their mutableTokens.

The third prepares the inbound API's run (inbound.toml): the demo platform, its shops (SHOP_IDS,
comma-separated) and their courses and child courses, the days of the next two weeks that have
free slots and their start times, and reservations made through the real create call: some at a
real-time shop (SUCCESS), some at MERCHANT_SHOP_ID, the pending shop whose merchant key the run
uses for the calls under /api/admin/inbound (PENDING, for confirm and reject).
"""

import datetime
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

JST = datetime.timezone(datetime.timedelta(hours=9))


def call(base, method, path, key=None, values=None, body=None, bearer=None):
    url = f"{base}{path}"
    if values:
        url += "?" + urllib.parse.urlencode(values)
    headers = {"X-Auth-API-Key": key} if key else {}
    if bearer:
        headers["Authorization"] = f"Bearer {bearer}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)


def main(base, key, shop_number, appid, webhook_url):
    tokens, paid_numbers, open_numbers, order_nos = [], [], [], []
    # Two webhook endpoints (issue 34) at the local receiver, made first so that the payments'
    # events reach them: their ids join the `path.id` dictionary (with the event ids).
    endpoint_ids = [
        call(base, "POST", "/v3/webhook_endpoints", key,
             {"url": webhook_url, "enabled_events": events})["id"]
        for events in ("*", "payment.paid")
    ]
    for i in range(9):
        created = call(base, "POST", "/v3/predefined_payments/create_online_payment", key, {
            "amount": 1000 + i, "order_no": f"ST-{i}", "webhook_callback_url": webhook_url,
        })
        token = created["predefined_payment"]["token"]
        tokens.append(token)
        order_nos.append(f"ST-{i}")
        if i >= 7:
            continue  # two stay unpaid, for checkout, mini-program and update calls
        view = call(base, "POST", f"/checkout/api/{token}/attempts",
                    body={"payment_method": "paypay", "tip": 0})
        number = view["attempt"]["payment_number"]
        if i >= 3:
            # Open attempts for the sandbox calls: several, so that an approve that lands first
            # on some still leaves others for a decline (with one, seed 280032154 approved it
            # before any decline and the run never reached a decline).
            open_numbers.append(number)
            continue
        call(base, "POST", f"/sandbox/payments/{number}/approve", key)
        paid_numbers.append(number)
    # One paid payment refunded already: its events are `paid` and `refunded`.
    call(base, "POST", "/v3/universal_payments/refund", key, {"payment_number": paid_numbers[-1]})
    events = call(base, "GET", "/v3/webhook_events", key, {"limit": 100})["data"]
    event_ids = [e["id"] for e in events]
    dictionaries = {
        "tokens": tokens,
        "payment_numbers": paid_numbers + open_numbers,
        "event_ids": event_ids + endpoint_ids,
        "shop_numbers": [shop_number],
        "appids": [appid],
        "order_nos": order_nos,
    }
    for name, values in dictionaries.items():
        print(f"\n[dictionaries.{name}]\nvalues = {json.dumps(values)}")
    print(f"prepared {len(tokens)} payments, {len(paid_numbers)} paid, {len(event_ids)} events, "
          f"{len(endpoint_ids)} webhook endpoints",
          file=sys.stderr)


def order(base, key, shop_id, orders_file):
    shop_id = int(shop_id)
    shop = call(base, "GET", f"/api/order/shop/{shop_id}")
    categories = [c["id"] for c in shop["orderMenus"]]
    menus = [m for c in shop["orderMenus"] for m in c["menus"]] + shop["orderOptionMenus"]
    menus += call(base, "GET", "/api/order/menus/no-category", values={"shop": shop_id})
    menu_ids = sorted({m["id"] for m in menus})
    variation_ids = sorted({v["id"] for m in menus for v in m["variations"]})
    # Menus without required variation categories: an append of them alone reaches the lines.
    simple = sorted({m["id"] for m in menus
                     if not any(v["variationCategoryRequired"] for v in m["variations"])})
    order_ids, tokens = [], []
    for i in range(4):
        created = call(base, "POST", "/api/admin/orders/cafeteria", key,
                       body={"shopId": shop_id, "tableNumber": f"T{i}", "mutable": True})
        order_ids.append(created["id"])
        tokens.append(created["mutableToken"])
        if i < 3:  # one stays in 0 (created): begin reaches its logic too
            call(base, "POST", f"/api/cafeteria/{created['id']}/begin",
                 body={"token": created["mutableToken"]})
    # The second order gets one line here, so that finalize (bound to it alone) always has an
    # amount it can pay, whatever the appends of the run did to the first.
    priced = max((m for m in menus if m["id"] in simple), key=lambda m: m["menuPrice"])
    call(base, "POST", f"/api/cafeteria/{order_ids[1]}/append",
         body={"token": tokens[1], "menus": [{"id": priced["id"]}]})
    # The third begun order holds the cart calls: one item in its cart gives PATCH an item id
    # (until a from-cart or a DELETE of the run empties it).
    cart = call(base, "POST", f"/api/cafeteria/{order_ids[2]}/cart",
                body={"token": tokens[2], "deviceTag": "phone-a",
                      "menus": [{"id": priced["id"]}]})
    dictionaries = {
        "shop_ids": [shop_id],
        "category_ids": categories,
        "menu_ids": menu_ids,
        "simple_menu_ids": simple,
        "variation_ids": variation_ids,
        "menu_id_lists": [",".join(map(str, menu_ids[:n])) for n in (1, 2, len(menu_ids))],
        # Not the second order: it is finalize's alone. In this list, the admin read's links
        # lead the status call to it, which may cancel it before finalize runs (a run then
        # never finalizes anything).
        "order_ids": order_ids[:1] + order_ids[2:],
        "order_tokens": tokens[:1] + tokens[2:],
        # The first begun order alone, for the calls that change an order: an id and a token
        # drawn from the lists above match one time in four, which let a run go by without a
        # single append; this pair always matches.
        "mutable_order_ids": order_ids[:1],
        "mutable_order_tokens": tokens[:1],
        # Small quantities keep that order's amount payable (at most 99,999,999 yen), so that
        # finalize, bound to the same order, can make its payment.
        "small_quantities": [1, 2, 3],
        "finalize_order_ids": order_ids[1:2],
        "finalize_order_tokens": tokens[1:2],
        "cart_order_ids": order_ids[2:3],
        "cart_order_tokens": tokens[2:3],
        "cart_item_ids": [item["itemId"] for item in cart["menu"]],
    }
    for name, values in dictionaries.items():
        print(f"\n[dictionaries.{name}]\nvalues = {json.dumps(values)}")
    with open(orders_file, "w") as f:
        json.dump(order_ids, f)  # for summary.py order
    print(f"prepared {len(order_ids)} cafeteria orders of shop {shop_id} "
          f"({len(menu_ids)} menus, {len(variation_ids)} variations)", file=sys.stderr)


def inbound(base, partner_key, platform, shop_ids, merchant_shop_id, reservations_file):
    shop_ids = [int(i) for i in shop_ids.split(",")]
    merchant_shop_id = int(merchant_shop_id)
    root = f"/v3/inbound-external/{platform}"

    def partner(method, path, values=None, body=None):
        return call(base, method, f"{root}{path}", values=values, body=body, bearer=partner_key)

    # Two webhook endpoints of the platform (issue 34), at a receiver that is never there (the
    # deliveries fail and fill the log); their ids feed `path.id`.
    endpoint_ids = [
        partner("POST", "/webhook_endpoints",
                body={"url": "http://127.0.0.1:9/noren", "enabledEvents": events})["id"]
        for events in (["*"], ["reservation.confirmed"])
    ]
    shops = partner("GET", "/shops", {"languageCode": "en",
                                      "shopIds": ",".join(map(str, shop_ids))})["rows"]
    courses, child_ids, image_urls = {}, [], []
    for shop in shops:
        image_urls += [u for urls in shop["shopImages"].values() for u in urls]
        page = partner("GET", f"/shops/{shop['id']}/courses", {"languageCode": "en", "limit": 50})
        courses[shop["id"]] = page["rows"]
        child_ids += [c["id"] for course in page["rows"] for c in course["childCourses"]]
    course_ids = sorted(c["id"] for rows in courses.values() for c in rows)
    # The next 14 JST days: the ones with free slots for two (any shop) and their start times.
    today = datetime.datetime.now(JST).date()
    dates = [today + datetime.timedelta(days=n) for n in range(1, 15)]

    def slots(shop_id, date, pax, course_id=None):
        values = {"requestDate": date.isoformat(), "pax": pax}
        if course_id:
            values["courseId"] = course_id
        times = partner("GET", f"/shops/{shop_id}/availability", values)["availableTimes"]
        # Slots after midnight are listed last and booked with the next day's date.
        return [f"{date + datetime.timedelta(days=int(t < times[0]))}T{t}:00" for t in times]

    days, starts, first_starts = [], set(), set()
    for date in dates:
        for shop in shops:
            found = slots(shop["id"], date, 2)
            starts.update(found)
            if shop is shops[0]:
                first_starts.update(found)
            if found and date.isoformat() not in days:
                days.append(date.isoformat())
    # Reservations through the real create call: for every course, a party it takes at a slot
    # the availability call offers for it, on different days.
    made = []
    for shop in shops:
        per_shop = 6 if shop["id"] == merchant_shop_id else 2
        for course in courses[shop["id"]]:
            pax = max(2, course["orderMin"] or 1, shop["minGuests"])
            for date in dates[::3]:
                if sum(r["shopId"] == shop["id"] for r in made) >= per_shop:
                    break
                found = slots(shop["id"], date, pax, course["id"])
                if not found:
                    continue
                body = {
                    "reservationStartTime": found[len(found) // 2],
                    "guestFirstName": "Alex", "guestLastName": "Schema",
                    "guestPhoneNumber": "090-1234-5678", "guestEmail": "alex@example.com",
                    "numberOfGuests": pax, "remark": "prepared for schemathesis",
                    "requestedCourses": [{"courseId": course["id"], "courseAmountRequested": pax}],
                    "originPlatformReservationNumber": f"ST-IN-{len(made)}",
                }
                made.append(partner("POST", f"/shops/{shop['id']}/reservations", body=body))
    mine = [r for r in made if r["shopId"] == merchant_shop_id]
    # Half of the merchant's (pending) reservations are for confirm and reject only: no cancel
    # call's dictionary names them, so the run's decisions are not undone before summary.py
    # counts them.
    decisions = mine[: len(mine) // 2]
    others = [r for r in made if r not in decisions]
    if len(decisions) < 2 or not mine or len(mine) == len(made):
        sys.exit(f"prepare.py inbound: made {len(made)} reservations, {len(mine)} at shop "
                 f"{merchant_shop_id}: need some at it and some elsewhere")
    image = urllib.parse.urlparse(image_urls[0]) if image_urls else None
    image_query = urllib.parse.parse_qs(image.query) if image else {}
    dictionaries = {
        "platforms": [platform],
        "shop_ids": shop_ids,
        "shop_id_lists": [",".join(map(str, shop_ids[:n])) for n in (1, 2, len(shop_ids))],
        "course_ids": course_ids + child_ids,
        "parent_course_ids": course_ids,
        "request_dates": days,
        "start_times": sorted(starts),
        # The create call's shop, courses and slots: the first (real-time) shop's alone, so that
        # a generated booking names a course and a start time of the shop it books at.
        "create_shop_ids": [shops[0]["id"]],
        "create_course_ids": [c["id"] for c in courses[shops[0]["id"]]],
        "create_start_times": sorted(first_starts),
        # Fresh origin numbers: schemathesis reuses values it saw in answers (the prepared
        # reservations' numbers), and a known number with another body is a 409.
        "new_origin_numbers": [f"ST-RUN-{i}" for i in range(500)],
        "paxes": [1, 2, 3, 4],
        "phone_numbers": ["090-1234-5678", "03-1234-5678", "075-123-4567"],
        "reservation_ids": [r["id"] for r in made],
        "reservation_keys": [r["id"] for r in others]
        + [r["originPlatformReservationNumber"] for r in others],
        "reservation_key_lists": [made[0]["originPlatformReservationNumber"],
                                  ",".join(r["originPlatformReservationNumber"] for r in made)],
        "merchant_reservation_ids": [r["id"] for r in mine if r not in decisions],
        "merchant_decision_ids": [r["id"] for r in decisions],
        "image_ids": [int(image.path.rsplit("/", 1)[-1])] if image else [1],
        "image_expires": image_query.get("expires", ["0"]),
        "image_signatures": image_query.get("signature", ["none"]),
        "endpoint_ids": endpoint_ids,
    }
    for name, values in dictionaries.items():
        print(f"\n[dictionaries.{name}]\nvalues = {json.dumps(values)}")
    with open(reservations_file, "w") as f:
        json.dump({"partner": [r["id"] for r in made], "merchant": [r["id"] for r in mine]}, f)
    print(f"prepared {len(made)} inbound reservations ({len(mine)} at shop {merchant_shop_id}), "
          f"{len(days)} days with free slots, {len(course_ids)} courses", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "order":
        order(*sys.argv[2:6])
    elif sys.argv[1] == "inbound":
        inbound(*sys.argv[2:8])
    else:
        main(*sys.argv[1:6])
