from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.webhook_endpoint import WebhookEndpoint
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    url_query: str,
    enabled_events: str,
    description: str | Unset = UNSET,
    disabled: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["url"] = url_query

    params["enabled_events"] = enabled_events

    params["description"] = description

    params["disabled"] = disabled


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/webhook_endpoints",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookEndpoint:
    if response.status_code == 201:
        response_201 = WebhookEndpoint.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookEndpoint]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    url_query: str,
    enabled_events: str,
    description: str | Unset = UNSET,
    disabled: bool | Unset = UNSET,

) -> Response[ErrorBody | WebhookEndpoint]:
    """ Create a webhook endpoint

     Adds a destination for the shop's events of the key's mode and answers it with its signing
    secret, once. Every event of a type it subscribes to is sent to it, besides the payment's
    `webhook_callback_url`. At most 16 endpoints per shop and mode.

    Args:
        url_query (str):
        enabled_events (str):
        description (str | Unset):
        disabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        url_query=url_query,
enabled_events=enabled_events,
description=description,
disabled=disabled,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    url_query: str,
    enabled_events: str,
    description: str | Unset = UNSET,
    disabled: bool | Unset = UNSET,

) -> ErrorBody | WebhookEndpoint | None:
    """ Create a webhook endpoint

     Adds a destination for the shop's events of the key's mode and answers it with its signing
    secret, once. Every event of a type it subscribes to is sent to it, besides the payment's
    `webhook_callback_url`. At most 16 endpoints per shop and mode.

    Args:
        url_query (str):
        enabled_events (str):
        description (str | Unset):
        disabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEndpoint
     """


    return sync_detailed(
        client=client,
url_query=url_query,
enabled_events=enabled_events,
description=description,
disabled=disabled,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    url_query: str,
    enabled_events: str,
    description: str | Unset = UNSET,
    disabled: bool | Unset = UNSET,

) -> Response[ErrorBody | WebhookEndpoint]:
    """ Create a webhook endpoint

     Adds a destination for the shop's events of the key's mode and answers it with its signing
    secret, once. Every event of a type it subscribes to is sent to it, besides the payment's
    `webhook_callback_url`. At most 16 endpoints per shop and mode.

    Args:
        url_query (str):
        enabled_events (str):
        description (str | Unset):
        disabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        url_query=url_query,
enabled_events=enabled_events,
description=description,
disabled=disabled,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    url_query: str,
    enabled_events: str,
    description: str | Unset = UNSET,
    disabled: bool | Unset = UNSET,

) -> ErrorBody | WebhookEndpoint | None:
    """ Create a webhook endpoint

     Adds a destination for the shop's events of the key's mode and answers it with its signing
    secret, once. Every event of a type it subscribes to is sent to it, besides the payment's
    `webhook_callback_url`. At most 16 endpoints per shop and mode.

    Args:
        url_query (str):
        enabled_events (str):
        description (str | Unset):
        disabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEndpoint
     """


    return (await asyncio_detailed(
        client=client,
url_query=url_query,
enabled_events=enabled_events,
description=description,
disabled=disabled,

    )).parsed
