"""After the run: did schemathesis reach the logic behind real identifiers? (run by run.sh)

Counts, on the live server, refunds, mini-program charges, sandbox outcomes and redeliveries
that the run caused beyond what prepare.py made, and fails when one of them never happened.

    python summary.py BASE_URL MERCHANT_KEY
    python summary.py order BASE_URL MERCHANT_KEY ORDERS_FILE
    python summary.py inbound BASE_URL PARTNER_KEY PLATFORM MERCHANT_KEY RESERVATIONS_FILE

The second form reads the cafeteria orders that `prepare.py order` made and fails unless the run
appended lines to them (append reached the catalogue, pricing and stock) and moved one past
status 1 (finalize reached its payment).

The third reads the inbound reservations of the demo platform: it fails unless the run created
reservations of its own (create reached the transaction's re-check) and changed the status of
prepared ones (partner cancel, merchant confirm, reject, cancel or half refund).
"""

import json
import sys
import urllib.parse
import urllib.request


def get(base, path, key, values, bearer=None):
    headers = {"Authorization": f"Bearer {bearer}"} if bearer else {"X-Auth-API-Key": key}
    req = urllib.request.Request(f"{base}{path}?{urllib.parse.urlencode(values)}",
                                 headers=headers)
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)


def every(base, path, key):
    offset = 0
    while True:
        page = get(base, path, key, {"offset": offset, "limit": 100})
        yield from page["data"]
        offset += page["count"]
        if page["count"] == 0 or offset >= page["total"]:
            return


def main(base, key):
    attempts = [a for p in every(base, "/v3/predefined_payments", key)
                for a in p.get("associated_payments") or []]
    events = list(every(base, "/v3/webhook_events", key))
    seen = {
        # prepare.py refunds one payment; more refunded events mean refunds reached their logic.
        "refunds (refunded events)": sum(e["payment_status"] == "refunded" for e in events) - 1,
        "mini-program charges (wechatpay attempts)": sum(a["payment_method"] == "wechatpay" for a in attempts),
        "sandbox declines (cancelled attempts)": sum(a["status"] == 90 for a in attempts),
        # Each event is delivered once on its own; more attempts than that are redeliveries.
        "redeliveries (extra delivery attempts)": sum(max(len(e["attempts"]) - 1, 0) for e in events),
    }
    for what, n in seen.items():
        print(f"{what}: {n}")
    missing = [what for what, n in seen.items() if n <= 0]
    if missing:
        sys.exit(f"schemathesis never reached: {', '.join(missing)}")


def order(base, key, orders_file):
    with open(orders_file) as f:
        ids = json.load(f)
    orders = [get(base, f"/api/admin/cafeteria/{i}", key, {}) for i in ids]
    seen = {
        # The second order's line was appended by prepare.py (for finalize): not counted.
        "appended lines (on the prepared orders)": sum(
            len(o["menu"]) for j, o in enumerate(orders) if j != 1),
        "begun orders (status 1 or later, of 4)": sum(o["status"] >= 1 for o in orders),
        # Finalize makes the payment; the status call may cancel the order afterwards (90, its
        # payment kept but invalidated), which still counts.
        "finalized orders (with a payment)": sum(bool(o.get("predefinedPaymentToken")) for o in orders),
    }
    for what, n in seen.items():
        print(f"{what}: {n}")
    missing = [what for what, n in seen.items() if n <= 0]
    if missing:
        sys.exit(f"schemathesis never reached: {', '.join(missing)}")


def inbound(base, partner_key, platform, merchant_key, reservations_file):
    with open(reservations_file) as f:
        prepared = json.load(f)
    path = f"/v3/inbound-external/{platform}/shops/reservations"
    rows, offset = [], 0
    while True:
        page = get(base, path, None, {"offset": offset, "limit": 30}, bearer=partner_key)
        rows += page["rows"]
        offset += len(page["rows"])
        if not page["rows"] or offset >= page["count"]:
            break
    ours = {r["id"]: r for r in rows if r["id"] in prepared["partner"]}
    statuses = [r["status"] for r in ours.values()]
    admin = [get(base, f"/api/admin/inbound/reservations/{i}", merchant_key, {})
             for i in prepared["merchant"]]
    seen = {
        "reservations created by the run": len(rows) - len(prepared["partner"]),
        "prepared reservations cancelled (any CANCELLED*)": sum(
            s.startswith("CANCELLED") for s in statuses),
        "pending reservations confirmed or rejected by the merchant": sum(
            r["status"] in ("SUCCESS", "NOT_AVAILABLE", "CANCELLED_HALF_REFUND") for r in admin),
    }
    for what, n in seen.items():
        print(f"{what}: {n}")
    print("prepared reservations by status:",
          {s: statuses.count(s) for s in sorted(set(statuses))})
    missing = [what for what, n in seen.items() if n <= 0]
    if missing:
        sys.exit(f"schemathesis never reached: {', '.join(missing)}")


if __name__ == "__main__":
    if sys.argv[1] == "order":
        order(*sys.argv[2:5])
    elif sys.argv[1] == "inbound":
        inbound(*sys.argv[2:7])
    else:
        main(sys.argv[1], sys.argv[2])
