"""What the official client adds to the generated modules (`noren.pay`, `noren.order`,
`noren.inbound`, made by openapi-python-client from the committed specs):

- every write (POST, PUT, PATCH, DELETE) carries an ``Idempotency-Key`` (one per call, the same
  on each of its retries), so that a retried write is done once;
- 429 and 503 answers are retried with backoff, honouring ``Retry-After``, as are broken
  connections;
- a non-2xx answer raises :class:`NorenError` with the error body and the request id;
- :func:`verify_webhook` checks a delivery with the official ``standardwebhooks`` library;
- :class:`TestClock` drives a shop's or a platform's test clock.

The behaviour lives in an httpx transport, so that every generated call (sync or async) has it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import email.utils
import json
import os
import random
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
from standardwebhooks.webhooks import Webhook

from . import inbound as _inbound
from . import order as _order
from . import pay as _pay
from .inbound.api.test_clocks import (
    advance_test_clock as _advance_platform_clock,
    create_test_clock as _create_platform_clock,
    delete_test_clock as _delete_platform_clock,
)
from .inbound.models import AdvanceClockValues, CreateClockValues
from .pay.api.test_clocks import (
    advance_test_clock as _advance_shop_clock,
    create_test_clock as _create_shop_clock,
    delete_test_clock as _delete_shop_clock,
)

VERSION = "1.0.0"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True)
class FieldError:
    """One invalid field of a request: its exact path and what is wrong."""

    field: str
    message: str


class NorenError(Exception):
    """A non-2xx answer, with its error body.

    ``status`` the HTTP status; ``code`` the error class (``client``, ``unauthorized``,
    ``forbidden``, ``not_found``, ``conflict``, ``too_many_requests``, ``server``, …);
    ``errors`` every invalid field; ``reason`` an inbound refusal's stable reason
    (``slot_unavailable``, ``cancellation_day_of``, …); ``request_id`` the answer's
    ``X-Request-Id`` (quote it to support); ``body`` the body as answered.
    """

    def __init__(self, status: int, body: Any, request_id: str | None = None):
        b = body if isinstance(body, dict) else {}
        self.status = status
        self.code: str = b.get("code") if isinstance(b.get("code"), str) else "server"
        self.message: str = b.get("message") if isinstance(b.get("message"), str) else f"HTTP {status}"
        self.errors = [
            FieldError(e.get("field", ""), e.get("message", "")) for e in b.get("errors") or [] if isinstance(e, dict)
        ]
        self.reason: str | None = b.get("reason") if isinstance(b.get("reason"), str) else None
        self.request_id = request_id
        self.body = body
        super().__init__(f"{status} {self.code}: {self.message}")

    @classmethod
    def of(cls, response: httpx.Response) -> NorenError:
        try:
            body: Any = json.loads(response.content)
        except ValueError:
            body = response.text
        return cls(response.status_code, body, response.headers.get("x-request-id"))


def idempotency_key() -> str:
    """A new idempotency key (a random UUID)."""
    return str(uuid.uuid4())


def retry_delay(attempt: int, retry_after: str | None) -> float:
    """Seconds to wait before retry ``attempt`` (from 0): ``Retry-After`` when it is given
    (seconds or an HTTP date), else exponential backoff from 0.25 s with jitter."""
    if retry_after is not None:
        try:
            return max(0.0, float(retry_after))
        except ValueError:
            when = email.utils.parsedate_to_datetime(retry_after) if retry_after else None
            if when is not None:
                return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())
    base = 0.25 * 2**attempt
    return base / 2 + random.random() * base / 2


@dataclass
class _Policy:
    max_retries: int = 3
    max_retry_delay: float = 30.0
    headers: dict[str, str] = field(default_factory=dict)

    def prepare(self, request: httpx.Request) -> None:
        for name, value in self.headers.items():
            request.headers.setdefault(name, value)
        if request.method in WRITES and "idempotency-key" not in request.headers:
            request.headers["Idempotency-Key"] = idempotency_key()
        request.headers["User-Agent"] = f"noren-python/{VERSION}"

    def retry_after(self, response: httpx.Response, attempt: int) -> float | None:
        """The wait before retrying this answer, or None to keep it."""
        if response.status_code not in (429, 503) or attempt >= self.max_retries:
            return None
        wait = retry_delay(attempt, response.headers.get("retry-after"))
        return wait if wait <= self.max_retry_delay else None


class _Transport(httpx.BaseTransport):
    def __init__(self, policy: _Policy, inner: httpx.BaseTransport | None = None):
        self.policy = policy
        self.inner = inner or httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.policy.prepare(request)
        request.read()  # replayable on each retry
        attempt = 0
        while True:
            try:
                response = self.inner.handle_request(request)
            except httpx.TransportError:
                if attempt >= self.policy.max_retries:
                    raise
                time.sleep(retry_delay(attempt, None))
                attempt += 1
                continue
            wait = self.policy.retry_after(response, attempt)
            if wait is not None:
                response.close()
                time.sleep(wait)
                attempt += 1
                continue
            if not 200 <= response.status_code < 300:
                response.read()
                raise NorenError.of(response)
            return response

    def close(self) -> None:
        self.inner.close()


class _AsyncTransport(httpx.AsyncBaseTransport):
    def __init__(self, policy: _Policy, inner: httpx.AsyncBaseTransport | None = None):
        self.policy = policy
        self.inner = inner or httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.policy.prepare(request)
        await request.aread()
        attempt = 0
        while True:
            try:
                response = await self.inner.handle_async_request(request)
            except httpx.TransportError:
                if attempt >= self.policy.max_retries:
                    raise
                await asyncio.sleep(retry_delay(attempt, None))
                attempt += 1
                continue
            wait = self.policy.retry_after(response, attempt)
            if wait is not None:
                await response.aclose()
                await asyncio.sleep(wait)
                attempt += 1
                continue
            if not 200 <= response.status_code < 300:
                await response.aread()
                raise NorenError.of(response)
            return response

    async def aclose(self) -> None:
        await self.inner.aclose()


class Noren:
    """The clients of the three APIs, for the generated calls' ``client=`` argument.

    ``api_key`` is a merchant key (``X-Auth-API-Key``): the payment and ordering APIs and the
    restaurant's inbound calls. ``partner_key`` is a partner platform's key
    (``Authorization: Bearer``): the inbound partner calls. Left out, they are read from
    ``NOREN_KEY``, ``NOREN_PARTNER_KEY`` and ``NOREN_API_BASE`` (default
    ``http://127.0.0.1:8080``), as the ``noren`` command reads them. Non-2xx answers raise
    :class:`NorenError`, so what a call returns is its 2xx answer::

        from noren import Noren
        from noren.pay.api.predefined_payments import create_online_payment

        noren = Noren(api_key="sk_test_…")
        created = create_online_payment.sync(client=noren.pay, amount=1200)
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        partner_key: str | None = None,
        *,
        max_retries: int = 3,
        max_retry_delay: float = 30.0,
        timeout: float = 30.0,
    ):
        base_url = base_url or os.environ.get("NOREN_API_BASE") or "http://127.0.0.1:8080"
        api_key = api_key or os.environ.get("NOREN_KEY")
        partner_key = partner_key or os.environ.get("NOREN_PARTNER_KEY")
        self.base_url = base_url.rstrip("/")
        merchant = {"X-Auth-API-Key": api_key} if api_key else {}
        partner = {**merchant, **({"Authorization": f"Bearer {partner_key}"} if partner_key else {})}
        self.pay = self._client(_pay.client.AuthenticatedClient, merchant, max_retries, max_retry_delay, timeout)
        self.order = self._client(_order.client.AuthenticatedClient, merchant, max_retries, max_retry_delay, timeout)
        self.inbound = self._client(_inbound.client.AuthenticatedClient, partner, max_retries, max_retry_delay, timeout)

    def _client(self, kind: Any, headers: dict[str, str], retries: int, delay: float, timeout: float) -> Any:
        policy = _Policy(max_retries=retries, max_retry_delay=delay, headers=headers)
        # The keys are set by the transport: `token` only satisfies the generated type.
        client = kind(base_url=self.base_url, token="", prefix="", auth_header_name="X-Noren-Unused")
        client.set_httpx_client(httpx.Client(base_url=self.base_url, timeout=timeout, transport=_Transport(policy)))
        client.set_async_httpx_client(
            httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=_AsyncTransport(policy))
        )
        return client

    def close(self) -> None:
        for c in (self.pay, self.order, self.inbound):
            c.get_httpx_client().close()

    def __enter__(self) -> Noren:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def verify_webhook(body: str | bytes, headers: Mapping[str, str], secret: str) -> dict[str, Any]:
    """Verifies a webhook delivery (or a ``noren listen`` forward) with the endpoint's secret
    (``whsec_…``) using the official Standard Webhooks library: the signature, and a timestamp
    within 5 minutes. Returns the event; raises ``standardwebhooks.WebhookVerificationError``
    when the delivery is not genuine. Pass the body exactly as received."""
    lower = {k.lower(): v for k, v in headers.items()}
    return Webhook(secret).verify(body, lower)


def _rfc3339(t: dt.datetime | str) -> dt.datetime:
    if isinstance(t, str):
        t = dt.datetime.fromisoformat(t.replace("Z", "+00:00"))
    if t.tzinfo is None:
        raise ValueError("a test clock's time needs its offset (tzinfo)")
    return t


class TestClock:
    """A test clock: a shop's (:meth:`shop`, with a merchant test key) or a platform's
    (:meth:`platform`, with a partner test key). While it exists, everything of its owner's test
    mode runs on its time; :meth:`advance` runs every timer that came due, in order."""

    __test__ = False  # not a pytest test class

    def __init__(self, noren: Noren, platform: str | None, state: Any):
        self.noren = noren
        self.platform = platform
        self.state = state

    @property
    def id(self) -> str:
        return self.state.id

    @property
    def now(self) -> dt.datetime:
        """The clock's time."""
        return self.state.frozen_time

    @classmethod
    def shop(cls, noren: Noren, frozen_time: dt.datetime | str, name: str | None = None, replace: bool = False) -> TestClock:
        """Puts the shop's test mode on a new clock (``replace`` deletes an older one first)."""
        if replace:
            cls._delete(noren, None)
        kwargs = {"name": name} if name is not None else {}
        state = _create_shop_clock.sync(client=noren.pay, frozen_time=_rfc3339(frozen_time), **kwargs)
        return cls(noren, None, state)

    @classmethod
    def for_platform(
        cls, noren: Noren, platform: str, frozen_time: dt.datetime | str, name: str | None = None, replace: bool = False
    ) -> TestClock:
        """Puts the platform's test mode on a new clock."""
        if replace:
            cls._delete(noren, platform)
        body = CreateClockValues(frozen_time=_rfc3339(frozen_time), name=name)
        state = _create_platform_clock.sync(platform, client=noren.inbound, body=body)
        return cls(noren, platform, state)

    def advance(self, to: dt.datetime | str) -> TestClock:
        """Moves the clock to ``to`` (at most 2 years ahead, never back) and runs every timer that
        came due, in order; returns when they have run."""
        if self.platform is None:
            self.state = _advance_shop_clock.sync(client=self.noren.pay, frozen_time=_rfc3339(to))
        else:
            body = AdvanceClockValues(frozen_time=_rfc3339(to))
            self.state = _advance_platform_clock.sync(self.platform, client=self.noren.inbound, body=body)
        return self

    def advance_by(self, delta: dt.timedelta) -> TestClock:
        """Moves the clock ``delta`` ahead (:meth:`advance`)."""
        return self.advance(self.now + delta)

    def delete(self) -> None:
        """Deletes the clock: the owner's test mode is back on real time."""
        self._delete(self.noren, self.platform)

    @staticmethod
    def _delete(noren: Noren, platform: str | None) -> None:
        try:
            if platform is None:
                _delete_shop_clock.sync(client=noren.pay)
            else:
                _delete_platform_clock.sync(platform, client=noren.inbound)
        except NorenError as e:
            if e.status != 404:
                raise

    def __enter__(self) -> TestClock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.delete()
