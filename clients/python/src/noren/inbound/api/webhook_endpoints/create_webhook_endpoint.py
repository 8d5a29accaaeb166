from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_endpoint_values import CreateEndpointValues
from ...models.inbound_error_body import InboundErrorBody
from ...models.webhook_endpoint import WebhookEndpoint
from typing import cast



def _get_kwargs(
    platform: str,
    *,
    body: CreateEndpointValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints".format(platform=quote(str(platform), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | WebhookEndpoint:
    if response.status_code == 201:
        response_201 = WebhookEndpoint.from_dict(response.json())



        return response_201

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

    if response.status_code == 409:
        response_409 = InboundErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = InboundErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = InboundErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | WebhookEndpoint]:
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
    body: CreateEndpointValues,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Create a webhook endpoint

     Adds a destination for the platform's reservation notifications of the key's mode and answers it
    with its signing secret, once. Every notification of a type it subscribes to is sent to it. At most
    16 endpoints per platform and mode.

    Args:
        platform (str):
        body (CreateEndpointValues): The create's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        platform=platform,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: CreateEndpointValues,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Create a webhook endpoint

     Adds a destination for the platform's reservation notifications of the key's mode and answers it
    with its signing secret, once. Every notification of a type it subscribes to is sent to it. At most
    16 endpoints per platform and mode.

    Args:
        platform (str):
        body (CreateEndpointValues): The create's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookEndpoint
     """


    return sync_detailed(
        platform=platform,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: CreateEndpointValues,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Create a webhook endpoint

     Adds a destination for the platform's reservation notifications of the key's mode and answers it
    with its signing secret, once. Every notification of a type it subscribes to is sent to it. At most
    16 endpoints per platform and mode.

    Args:
        platform (str):
        body (CreateEndpointValues): The create's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        platform=platform,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: CreateEndpointValues,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Create a webhook endpoint

     Adds a destination for the platform's reservation notifications of the key's mode and answers it
    with its signing secret, once. Every notification of a type it subscribes to is sent to it. At most
    16 endpoints per platform and mode.

    Args:
        platform (str):
        body (CreateEndpointValues): The create's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookEndpoint
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,
body=body,

    )).parsed
