from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.webhook_event_page import WebhookEventPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    payment_number: str | Unset = UNSET,
    token: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["payment_number"] = payment_number

    params["token"] = token

    params["offset"] = offset

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/webhook_events",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookEventPage:
    if response.status_code == 200:
        response_200 = WebhookEventPage.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookEventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    payment_number: str | Unset = UNSET,
    token: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> Response[ErrorBody | WebhookEventPage]:
    """ List webhook events

     The shop's webhook events in the key's mode, newest first, each with every delivery
    attempt: when it was sent, your receiver's status code and how long it took.

    Args:
        payment_number (str | Unset):
        token (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEventPage]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,
token=token,
offset=offset,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    payment_number: str | Unset = UNSET,
    token: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> ErrorBody | WebhookEventPage | None:
    """ List webhook events

     The shop's webhook events in the key's mode, newest first, each with every delivery
    attempt: when it was sent, your receiver's status code and how long it took.

    Args:
        payment_number (str | Unset):
        token (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEventPage
     """


    return sync_detailed(
        client=client,
payment_number=payment_number,
token=token,
offset=offset,
limit=limit,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    payment_number: str | Unset = UNSET,
    token: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> Response[ErrorBody | WebhookEventPage]:
    """ List webhook events

     The shop's webhook events in the key's mode, newest first, each with every delivery
    attempt: when it was sent, your receiver's status code and how long it took.

    Args:
        payment_number (str | Unset):
        token (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEventPage]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,
token=token,
offset=offset,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    payment_number: str | Unset = UNSET,
    token: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> ErrorBody | WebhookEventPage | None:
    """ List webhook events

     The shop's webhook events in the key's mode, newest first, each with every delivery
    attempt: when it was sent, your receiver's status code and how long it took.

    Args:
        payment_number (str | Unset):
        token (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEventPage
     """


    return (await asyncio_detailed(
        client=client,
payment_number=payment_number,
token=token,
offset=offset,
limit=limit,

    )).parsed
