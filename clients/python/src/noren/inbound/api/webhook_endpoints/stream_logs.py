from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    platform: str,
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
        "url": "/v3/inbound-external/{platform}/logs/stream".format(platform=quote(str(platform), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | str:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = InboundErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = InboundErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = InboundErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> Response[InboundErrorBody | str]:
    """ Stream the platform's requests

     The platform's test-mode requests as server-sent events (`text/event-stream`), each as it finishes,
    from the moment the stream opens: `event` is `request` and `data` one line of JSON with `time`,
    `method`, `path` (without the query string), `status`, `durationMs`, `requestId` (the answer's
    `X-Request-Id`) and, for an error, its `code` and a refusal's `reason`. Every call made with one of
    the platform's test keys is shown, never a body, a header or a key; a call whose key was refused
    (401) has no platform and is not shown. A stream that falls more than 1,024 requests behind gets a
    `dropped` event with how many it missed. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without a request the stream ends. Behind a load balancer, a stream shows the
    requests of the server it is connected to. At most 5 open log streams per key. Test keys only:
    `noren logs tail --platform` reads it.

    Args:
        platform (str):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | str]
     """


    kwargs = _get_kwargs(
        platform=platform,
status=status,
path=path,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> InboundErrorBody | str | None:
    """ Stream the platform's requests

     The platform's test-mode requests as server-sent events (`text/event-stream`), each as it finishes,
    from the moment the stream opens: `event` is `request` and `data` one line of JSON with `time`,
    `method`, `path` (without the query string), `status`, `durationMs`, `requestId` (the answer's
    `X-Request-Id`) and, for an error, its `code` and a refusal's `reason`. Every call made with one of
    the platform's test keys is shown, never a body, a header or a key; a call whose key was refused
    (401) has no platform and is not shown. A stream that falls more than 1,024 requests behind gets a
    `dropped` event with how many it missed. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without a request the stream ends. Behind a load balancer, a stream shows the
    requests of the server it is connected to. At most 5 open log streams per key. Test keys only:
    `noren logs tail --platform` reads it.

    Args:
        platform (str):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | str
     """


    return sync_detailed(
        platform=platform,
client=client,
status=status,
path=path,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> Response[InboundErrorBody | str]:
    """ Stream the platform's requests

     The platform's test-mode requests as server-sent events (`text/event-stream`), each as it finishes,
    from the moment the stream opens: `event` is `request` and `data` one line of JSON with `time`,
    `method`, `path` (without the query string), `status`, `durationMs`, `requestId` (the answer's
    `X-Request-Id`) and, for an error, its `code` and a refusal's `reason`. Every call made with one of
    the platform's test keys is shown, never a body, a header or a key; a call whose key was refused
    (401) has no platform and is not shown. A stream that falls more than 1,024 requests behind gets a
    `dropped` event with how many it missed. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without a request the stream ends. Behind a load balancer, a stream shows the
    requests of the server it is connected to. At most 5 open log streams per key. Test keys only:
    `noren logs tail --platform` reads it.

    Args:
        platform (str):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | str]
     """


    kwargs = _get_kwargs(
        platform=platform,
status=status,
path=path,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,

) -> InboundErrorBody | str | None:
    """ Stream the platform's requests

     The platform's test-mode requests as server-sent events (`text/event-stream`), each as it finishes,
    from the moment the stream opens: `event` is `request` and `data` one line of JSON with `time`,
    `method`, `path` (without the query string), `status`, `durationMs`, `requestId` (the answer's
    `X-Request-Id`) and, for an error, its `code` and a refusal's `reason`. Every call made with one of
    the platform's test keys is shown, never a body, a header or a key; a call whose key was refused
    (401) has no platform and is not shown. A stream that falls more than 1,024 requests behind gets a
    `dropped` event with how many it missed. A comment line every 15 seconds keeps the connection open;
    after 5 minutes without a request the stream ends. Behind a load balancer, a stream shows the
    requests of the server it is connected to. At most 5 open log streams per key. Test keys only:
    `noren logs tail --platform` reads it.

    Args:
        platform (str):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | str
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,
status=status,
path=path,

    )).parsed
