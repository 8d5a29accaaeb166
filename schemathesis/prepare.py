"""Real identifiers for schemathesis (run by run.sh before the run).

Creates payments on the live server and pays some of them through the checkout and the sandbox,
so that refunds, mini-program charges, sandbox calls and redeliveries reach their logic instead
of answering 404 to random identifiers. Prints the schemathesis dictionaries (TOML) that
schemathesis.toml binds the parameters to.

    python prepare.py BASE_URL MERCHANT_KEY SHOP_NUMBER APPID WEBHOOK_URL
    python prepare.py order BASE_URL MERCHANT_KEY SHOP_ID ORDERS_FILE

The second form prepares the ordering API's run (order.toml): the demo restaurant's shop,
category, menu and variation ids, and cafeteria orders made with the admin call, some begun
(status 1, open to appends), with their mutableTokens.
"""

import json
import sys
import urllib.parse
import urllib.request


def call(base, method, path, key=None, values=None, body=None):
    url = f"{base}{path}"
    if values:
        url += "?" + urllib.parse.urlencode(values)
    headers = {"X-Auth-API-Key": key} if key else {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)


def main(base, key, shop_number, appid, webhook_url):
    tokens, paid_numbers, open_numbers, order_nos = [], [], [], []
    for i in range(6):
        created = call(base, "POST", "/v3/predefined_payments/create_online_payment", key, {
            "amount": 1000 + i, "order_no": f"ST-{i}", "webhook_callback_url": webhook_url,
        })
        token = created["predefined_payment"]["token"]
        tokens.append(token)
        order_nos.append(f"ST-{i}")
        if i >= 4:
            continue  # two stay unpaid, for checkout, mini-program and update calls
        view = call(base, "POST", f"/checkout/api/{token}/attempts",
                    body={"payment_method": "paypay", "tip": 0})
        number = view["attempt"]["payment_number"]
        if i == 3:
            open_numbers.append(number)  # an open attempt for the sandbox calls
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
        "event_ids": event_ids,
        "shop_numbers": [shop_number],
        "appids": [appid],
        "order_nos": order_nos,
    }
    for name, values in dictionaries.items():
        print(f"\n[dictionaries.{name}]\nvalues = {json.dumps(values)}")
    print(f"prepared {len(tokens)} payments, {len(paid_numbers)} paid, {len(event_ids)} events",
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
        "order_ids": order_ids,
        "order_tokens": tokens,
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


if __name__ == "__main__":
    if sys.argv[1] == "order":
        order(*sys.argv[2:6])
    else:
        main(*sys.argv[1:6])
