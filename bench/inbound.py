#!/usr/bin/env python3
"""Inbound benchmark set-up and the 30-day availability scan (issue 12, item 10), for run.sh.

  inbound.py seed BASE NOREN_BIN DEMO_JSON WORK_DIR
      Makes the demo payment shop an inbound shop for the benchmark through the operator CLI
      (`noren inbound shop set`, 20 × `noren inbound course add`): open 10:00-22:00 every day,
      30-minute slots, seats for the load, real-time bookable. Then books 2,000 reservations
      through the real create call, spread over the next 30 days, its slots and its courses.
      Then adds published shops until there are 50 (`noren shop create`, `noren inbound shop
      set`), each with texts and an address in the five languages: what the shop search reads.
      Prints one JSON line: {"shop": id, "courses": [...], "date": "YYYY-MM-DD", "first": "..."}.

  inbound.py scan BASE PLATFORM KEY SHOP COURSE FIRST_DATE
      Asks availability for 30 consecutive days (one request per day, one keep-alive connection),
      five times from cold (after the server's kept reads expired), and prints the median total
      in milliseconds: "scan 30 days: total N ms from cold (runs ...; warm N ms)".

  inbound.py calendar BASE PLATFORM KEY SHOP COURSE FIRST_DATE
      Asks the availability calendar for 31 days from FIRST_DATE (one request, one keep-alive
      connection), five times from cold, and prints the median: "calendar 31 days: N ms from
      cold (runs ...; warm N ms)" (issue 20, item 8).

  inbound.py holds BASE PLATFORM KEY SHOP COURSE FIRST_DATE
      200 times in turn on one connection: hold a slot, then book it with the hold (issue 20,
      item 7); prints the mean time of each: "holds: hold N ms, booking with it N ms (200 each)".

  inbound.py lua BASE PLATFORM KEY SHOP COURSE FIRST_DATE OUT
      Writes a wrk script that creates reservations with unique origin numbers, spread over
      the 30 days' slots, and prints its path.

Standard library only: the benchmark installs nothing.
"""

import datetime as dt
import http.client
import json
import subprocess
import sys
import time
import urllib.parse

JST = dt.timezone(dt.timedelta(hours=9))
DAYS = 30
COURSES = 20
RESERVATIONS = 2000
# Seats per slot (the CLI's maximum): neither the 2,000 reservations nor the create load (a few
# thousand a second for seconds, pax 2, spread over 25 slots a day for 30 days, each stay
# overlapping four slots) come near filling a slot.
SEATS = 10_000
# Longer than the server's TTL of kept availability reads (repo::inbound_reads).
COLD_PAUSE_S = 1.2
# Published inbound shops for the search (issue 20, item 12: 50 shops in five languages).
SEARCH_SHOPS = 50
SLOTS = [f"{h:02d}:{m:02d}" for h in range(10, 22) for m in (0, 30)] + ["22:00"]


def conn(base):
    u = urllib.parse.urlparse(base)
    return http.client.HTTPConnection(u.hostname, u.port, timeout=10)


def call(c, method, path, headers, body=None):
    data = json.dumps(body).encode() if body is not None else None
    hdrs = dict(headers)
    if data is not None:
        hdrs["Content-Type"] = "application/json"
    c.request(method, path, body=data, headers=hdrs)
    res = c.getresponse()
    raw = res.read()
    if res.status // 100 != 2:
        sys.exit(f"inbound bench: {method} {path} answered {res.status}: {raw[:300]!r}")
    return json.loads(raw) if raw else None


def cli(bin_, args, doc, work):
    path = f"{work}/inbound-{abs(hash(json.dumps(doc))) % 10**9}.json"
    with open(path, "w") as f:
        json.dump(doc, f)
    out = subprocess.run([bin_, *args, "--file", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"inbound bench: noren {' '.join(args)} failed: {out.stderr}{out.stdout}")
    return json.loads(out.stdout) if out.stdout.strip().startswith("{") else None


def first_date():
    # Tomorrow in JST: every slot of the 30 days is ahead of the clock (cutoff 0).
    return (dt.datetime.now(JST) + dt.timedelta(days=1)).date()


def seed(base, bin_, demo_json, work):
    demo = json.load(open(demo_json))
    shop_number, shop_id = demo["shop_number"], demo["shop_id"]
    platform, key = demo["platform"], demo["partner_key"]
    hours = [{"startTime": "10:00", "endTime": "22:00", "lastOrderCutoffMins": 0}]
    cli(bin_, ["inbound", "shop", "set", "--shop", shop_number], {
        "nameJa": "ベンチマーク食堂", "nameEn": "Benchmark Dining",
        "minGuests": 1, "maxGuests": 20, "cancellationPolicyDays": 1, "realTimeBookable": True,
        "cutoffHours": 0, "slotMinutes": 30, "seatCapacity": SEATS, "stayMinutes": 120,
        "published": True,
        "texts": [{"languageCode": "en", "shopName": "Benchmark Dining"},
                  {"languageCode": "ja", "shopName": "ベンチマーク食堂"}],
        "businessHours": {d: hours for d in ("mon", "tue", "wed", "thu", "fri", "sat", "sun")},
    }, work)
    for i in range(COURSES):
        cli(bin_, ["inbound", "course", "add", "--shop", shop_number], {
            "courseName": f"Bench course {i}", "settlementPrice": 5000 + i,
            "suggestedRetailPrice": 6000 + i, "orderMin": 1, "orderMax": 20,
            "texts": [{"languageCode": "en", "courseName": f"Bench course {i}"}],
            # Half the courses have an order time range (JST, stored in UTC): the engine
            # checks ranges for them.
            "orderAvailableTimeRanges": [{"startRange": "10:00", "endRange": "22:00"}] if i % 2 else [],
        }, work)
    c = conn(base)
    auth = {"Authorization": f"Bearer {key}"}
    prefix = f"/v3/inbound-external/{platform}"
    listed = call(c, "GET", f"{prefix}/shops/{shop_id}/courses?limit=50", auth)
    courses = [r["id"] for r in listed["rows"] if r["courseName"].startswith("Bench course")]
    if len(courses) != COURSES:
        sys.exit(f"inbound bench: expected {COURSES} bench courses, found {len(courses)}")
    start = first_date()
    for n in range(RESERVATIONS):
        day = start + dt.timedelta(days=n % DAYS)
        slot = SLOTS[(n // DAYS) % len(SLOTS)]
        call(c, "POST", f"{prefix}/shops/{shop_id}/reservations", auth, {
            "reservationStartTime": f"{day.isoformat()}T{slot}:00",
            "guestFirstName": "Bench", "guestLastName": f"Guest {n}",
            "guestPhoneNumber": "090-1234-5678", "numberOfGuests": 2,
            "requestedCourses": [{"courseId": courses[n % COURSES], "courseAmountRequested": 2}],
            "originPlatformReservationNumber": f"seed-{n}",
        })
    more_shops(bin_, demo, work)
    print(json.dumps({"shop": shop_id, "courses": courses, "date": start.isoformat(),
                      "platform": platform, "key": key}))


def more_shops(bin_, demo, work):
    have = 1 + len(demo.get("inbound_shop_ids", []))
    cities = [("Tokyo", "東京都", "东京都", "도쿄도", "Shibuya City", "渋谷区", "涩谷区", "시부야구", "澀谷區"),
              ("Osaka", "大阪府", "大阪府", "오사카부", "Kita Ward, Osaka", "大阪市北区", "大阪市北区", "오사카시 기타구", "大阪市北區"),
              ("Kyoto", "京都府", "京都府", "교토부", "Nakagyo Ward, Kyoto", "京都市中京区", "京都市中京区", "교토시 나카교구", "京都市中京區")]
    for n in range(have, SEARCH_SHOPS):
        out = subprocess.run([bin_, "shop", "create", "--legal-person", str(demo["legal_person_id"]),
                              "--name", f"Search Shop {n}", "--name-ja", f"検索店 {n}"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"inbound bench: noren shop create failed: {out.stderr}")
        number = json.loads(out.stdout)["number"]
        en_state, ja_state, zh_state, ko_state, en_city, ja_city, zh_city, ko_city, tw_city = cities[n % 3]
        texts = []
        for lang, name, state, city in [("en", f"Search Shop {n}", en_state, en_city),
                                        ("ja", f"検索店 {n}", ja_state, ja_city),
                                        ("zh-CN", f"搜索店 {n}", zh_state, zh_city),
                                        ("ko", f"검색 가게 {n}", ko_state, ko_city),
                                        ("zh-TW", f"搜尋店 {n}", zh_state, tw_city)]:
            texts.append({"languageCode": lang, "shopName": name, "shopDescription": f"{name}: a shop to search.",
                          "addressState": state, "addressCity": city, "addressTown": "1-1",
                          "addressPostalCode": f"{100 + n:03d}-{n:04d}"})
        cli(bin_, ["inbound", "shop", "set", "--shop", number], {
            "nameJa": f"検索店 {n}", "nameEn": f"Search Shop {n}",
            "addressState": ja_state, "addressCity": ja_city, "addressTown": "1-1",
            "addressPostalCode": f"{100 + n:03d}-{n:04d}",
            "minGuests": 1, "maxGuests": 8, "cancellationPolicyDays": 1, "realTimeBookable": n % 2 == 0,
            "cutoffHours": 2, "slotMinutes": 30, "seatCapacity": 20, "stayMinutes": 120, "published": True,
            "texts": texts,
            "businessHours": {d: [{"startTime": "11:00", "endTime": "22:00", "lastOrderCutoffMins": 30}]
                              for d in ("mon", "tue", "wed", "thu", "fri", "sat")},
        }, work)


def scan(base, platform, key, shop, course, first):
    start = dt.date.fromisoformat(first)
    c = conn(base)
    auth = {"Authorization": f"Bearer {key}"}

    def once():
        t0 = time.perf_counter()
        for d in range(DAYS):
            day = (start + dt.timedelta(days=d)).isoformat()
            answer = call(c, "GET", f"/v3/inbound-external/{platform}/shops/{shop}/availability"
                          f"?requestDate={day}&pax=2&courseId={course}", auth)
            if not answer["availableTimes"]:
                sys.exit(f"inbound bench: no slots on {day}: {answer}")
        return (time.perf_counter() - t0) * 1000

    # Judged from cold: before each run the server's kept reads have expired (their TTL is
    # 1 s, repo::inbound_reads), so every run reads the database. The warm run is reported.
    cold = []
    for _ in range(5):
        time.sleep(COLD_PAUSE_S)
        cold.append(once())
    warm = once()
    median = sorted(cold)[len(cold) // 2]
    print(f"scan 30 days: total {median:.1f} ms from cold (runs {', '.join(f'{r:.1f}' for r in cold)}; "
          f"warm {warm:.1f} ms)")


def calendar(base, platform, key, shop, course, first):
    c = conn(base)
    auth = {"Authorization": f"Bearer {key}"}
    start = dt.date.fromisoformat(first)
    to = (start + dt.timedelta(days=30)).isoformat()

    def once():
        t0 = time.perf_counter()
        answer = call(c, "GET", f"/v3/inbound-external/{platform}/shops/{shop}/availability/calendar"
                      f"?from={first}&to={to}&pax=2&courseId={course}", auth)
        took = (time.perf_counter() - t0) * 1000
        if len(answer["days"]) != 31 or not any(d["available"] for d in answer["days"]):
            sys.exit(f"inbound bench: unexpected calendar: {answer}")
        return took

    cold = []
    for _ in range(5):
        time.sleep(COLD_PAUSE_S)
        cold.append(once())
    warm = once()
    median = sorted(cold)[len(cold) // 2]
    print(f"calendar 31 days: {median:.1f} ms from cold (runs {', '.join(f'{r:.1f}' for r in cold)}; "
          f"warm {warm:.1f} ms)")


def holds(base, platform, key, shop, course, first):
    c = conn(base)
    auth = {"Authorization": f"Bearer {key}"}
    prefix = f"/v3/inbound-external/{platform}/shops/{shop}"
    start = dt.date.fromisoformat(first)
    n, hold_ms, book_ms = 200, 0.0, 0.0
    for i in range(n):
        day = (start + dt.timedelta(days=i % DAYS)).isoformat()
        at = f"{day}T{SLOTS[(i // DAYS) % len(SLOTS)]}:00"
        courses = [{"courseId": int(course), "courseAmountRequested": 2}]
        t0 = time.perf_counter()
        h = call(c, "POST", f"{prefix}/holds", auth,
                 {"reservationStartTime": at, "numberOfGuests": 2, "requestedCourses": courses})
        t1 = time.perf_counter()
        call(c, "POST", f"{prefix}/reservations", auth, {
            "reservationStartTime": at, "guestFirstName": "Hold", "guestLastName": f"Guest {i}",
            "numberOfGuests": 2, "requestedCourses": courses,
            "originPlatformReservationNumber": f"hold-{i}", "holdId": h["id"]})
        t2 = time.perf_counter()
        hold_ms += (t1 - t0) * 1000
        book_ms += (t2 - t1) * 1000
    print(f"holds: hold {hold_ms / n:.2f} ms, booking with it {book_ms / n:.2f} ms ({n} each)")


def lua(base, platform, key, shop, course, first, out):
    start = dt.date.fromisoformat(first)
    days = [(start + dt.timedelta(days=d)).isoformat() for d in range(DAYS)]
    with open(out, "w") as f:
        f.write(f"local path = {json.dumps(f'/v3/inbound-external/{platform}/shops/{shop}/reservations')}\n")
        f.write(f"local days = {{ {', '.join(json.dumps(d) for d in days)} }}\n")
        f.write(f"local slots = {{ {', '.join(json.dumps(s) for s in SLOTS)} }}\n")
        f.write(f"local course = {int(course)}\n")
        # wrk.format's headers replace wrk's own (-H), so the key goes here.
        f.write(f"local headers = {{ [\"Content-Type\"] = \"application/json\", "
                f"[\"Authorization\"] = {json.dumps('Bearer ' + key)} }}\n")
        f.write('''local n = 0
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  n = 0
end
function request()
  n = n + 1
  local day = days[(n % #days) + 1]
  local slot = slots[(math.floor(n / #days) % #slots) + 1]
  local body = string.format('{"reservationStartTime":"%sT%s:00","guestFirstName":"Load","guestLastName":"Guest","numberOfGuests":2,"requestedCourses":[{"courseId":%d,"courseAmountRequested":2}],"originPlatformReservationNumber":"load-%d-%d"}', day, slot, course, id, n)
  return wrk.format("POST", path, headers, body)
end
''')
    print(out)


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"seed": seed, "scan": scan, "calendar": calendar, "holds": holds, "lua": lua}[cmd](*args)
