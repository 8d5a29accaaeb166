from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    events: str | Unset = UNSET,
    last_event_id: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["events"] = events


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/events/stream",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | str:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    events: str | Unset = UNSET,
    last_event_id: None | str | Unset = UNSET,

) -> Response[ErrorBody | str]:
    """ Stream the shop's events

     The shop's test-mode events as server-sent events (`text/event-stream`), from the moment the
    stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON
    with `id`, `type`, `created` and `body`, the event exactly as a webhook delivery sends it.
    Reconnect with `Last-Event-ID` set to the last `id` you got: the stream goes on after it, with
    nothing lost and nothing repeated. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without an event the stream ends (reconnect to go on). At most 5 open
    streams per key. Test keys only: `noren listen` reads it.

    Args:
        events (str | Unset):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
     """


    kwargs = _get_kwargs(
        events=events,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    events: str | Unset = UNSET,
    last_event_id: None | str | Unset = UNSET,

) -> ErrorBody | str | None:
    """ Stream the shop's events

     The shop's test-mode events as server-sent events (`text/event-stream`), from the moment the
    stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON
    with `id`, `type`, `created` and `body`, the event exactly as a webhook delivery sends it.
    Reconnect with `Last-Event-ID` set to the last `id` you got: the stream goes on after it, with
    nothing lost and nothing repeated. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without an event the stream ends (reconnect to go on). At most 5 open
    streams per key. Test keys only: `noren listen` reads it.

    Args:
        events (str | Unset):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
     """


    return sync_detailed(
        client=client,
events=events,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    events: str | Unset = UNSET,
    last_event_id: None | str | Unset = UNSET,

) -> Response[ErrorBody | str]:
    """ Stream the shop's events

     The shop's test-mode events as server-sent events (`text/event-stream`), from the moment the
    stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON
    with `id`, `type`, `created` and `body`, the event exactly as a webhook delivery sends it.
    Reconnect with `Last-Event-ID` set to the last `id` you got: the stream goes on after it, with
    nothing lost and nothing repeated. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without an event the stream ends (reconnect to go on). At most 5 open
    streams per key. Test keys only: `noren listen` reads it.

    Args:
        events (str | Unset):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
     """


    kwargs = _get_kwargs(
        events=events,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    events: str | Unset = UNSET,
    last_event_id: None | str | Unset = UNSET,

) -> ErrorBody | str | None:
    """ Stream the shop's events

     The shop's test-mode events as server-sent events (`text/event-stream`), from the moment the
    stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON
    with `id`, `type`, `created` and `body`, the event exactly as a webhook delivery sends it.
    Reconnect with `Last-Event-ID` set to the last `id` you got: the stream goes on after it, with
    nothing lost and nothing repeated. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without an event the stream ends (reconnect to go on). At most 5 open
    streams per key. Test keys only: `noren listen` reads it.

    Args:
        events (str | Unset):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
     """


    return (await asyncio_detailed(
        client=client,
events=events,
last_event_id=last_event_id,

    )).parsed
