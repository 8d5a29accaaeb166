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
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["status"] = status

    params["path"] = path


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/logs/stream",
        "params": params,
    }


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
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> Response[ErrorBody | str]:
    """ Stream the shop's requests

     The shop's test-mode requests as server-sent events (`text/event-stream`), each as it
    finishes, from the moment the stream opens: `event` is `request` and `data` one line of JSON
    with `time`, `method`, `path` (without the query string), `status`, `duration_ms`,
    `request_id` (the answer's `X-Request-Id`) and, for an error, its `code`. Every call made with
    one of the shop's test keys is shown (the payment, ordering and restaurant APIs), never a body,
    a header or a key; a call whose key was refused (401) has no shop and is not shown. A stream
    that falls more than 1,024 requests behind gets a `dropped` event with how many it missed. A
    comment line every 15 seconds keeps the connection open; after 5 minutes without a request the
    stream ends. Behind a load balancer, a stream shows the requests of the server it is connected
    to. At most 5 open log streams per key. Test keys only: `noren logs tail` reads it.

    Args:
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
     """


    kwargs = _get_kwargs(
        status=status,
path=path,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> ErrorBody | str | None:
    """ Stream the shop's requests

     The shop's test-mode requests as server-sent events (`text/event-stream`), each as it
    finishes, from the moment the stream opens: `event` is `request` and `data` one line of JSON
    with `time`, `method`, `path` (without the query string), `status`, `duration_ms`,
    `request_id` (the answer's `X-Request-Id`) and, for an error, its `code`. Every call made with
    one of the shop's test keys is shown (the payment, ordering and restaurant APIs), never a body,
    a header or a key; a call whose key was refused (401) has no shop and is not shown. A stream
    that falls more than 1,024 requests behind gets a `dropped` event with how many it missed. A
    comment line every 15 seconds keeps the connection open; after 5 minutes without a request the
    stream ends. Behind a load balancer, a stream shows the requests of the server it is connected
    to. At most 5 open log streams per key. Test keys only: `noren logs tail` reads it.

    Args:
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
     """


    return sync_detailed(
        client=client,
status=status,
path=path,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> Response[ErrorBody | str]:
    """ Stream the shop's requests

     The shop's test-mode requests as server-sent events (`text/event-stream`), each as it
    finishes, from the moment the stream opens: `event` is `request` and `data` one line of JSON
    with `time`, `method`, `path` (without the query string), `status`, `duration_ms`,
    `request_id` (the answer's `X-Request-Id`) and, for an error, its `code`. Every call made with
    one of the shop's test keys is shown (the payment, ordering and restaurant APIs), never a body,
    a header or a key; a call whose key was refused (401) has no shop and is not shown. A stream
    that falls more than 1,024 requests behind gets a `dropped` event with how many it missed. A
    comment line every 15 seconds keeps the connection open; after 5 minutes without a request the
    stream ends. Behind a load balancer, a stream shows the requests of the server it is connected
    to. At most 5 open log streams per key. Test keys only: `noren logs tail` reads it.

    Args:
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
     """


    kwargs = _get_kwargs(
        status=status,
path=path,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> ErrorBody | str | None:
    """ Stream the shop's requests

     The shop's test-mode requests as server-sent events (`text/event-stream`), each as it
    finishes, from the moment the stream opens: `event` is `request` and `data` one line of JSON
    with `time`, `method`, `path` (without the query string), `status`, `duration_ms`,
    `request_id` (the answer's `X-Request-Id`) and, for an error, its `code`. Every call made with
    one of the shop's test keys is shown (the payment, ordering and restaurant APIs), never a body,
    a header or a key; a call whose key was refused (401) has no shop and is not shown. A stream
    that falls more than 1,024 requests behind gets a `dropped` event with how many it missed. A
    comment line every 15 seconds keeps the connection open; after 5 minutes without a request the
    stream ends. Behind a load balancer, a stream shows the requests of the server it is connected
    to. At most 5 open log streams per key. Test keys only: `noren logs tail` reads it.

    Args:
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
     """


    return (await asyncio_detailed(
        client=client,
status=status,
path=path,

    )).parsed
