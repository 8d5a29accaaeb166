from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.webhook_endpoint import WebhookEndpoint
from typing import cast



def _get_kwargs(
    platform: str,
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints/{id}".format(platform=quote(str(platform), safe=""),id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | WebhookEndpoint:
    if response.status_code == 200:
        response_200 = WebhookEndpoint.from_dict(response.json())



        return response_200

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | WebhookEndpoint]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Retrieve a webhook endpoint

     One of the platform's endpoints of the key's mode. Its secret is not shown.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        platform=platform,
id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Retrieve a webhook endpoint

     One of the platform's endpoints of the key's mode. Its secret is not shown.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookEndpoint
     """


    return sync_detailed(
        platform=platform,
id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Retrieve a webhook endpoint

     One of the platform's endpoints of the key's mode. Its secret is not shown.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        platform=platform,
id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Retrieve a webhook endpoint

     One of the platform's endpoints of the key's mode. Its secret is not shown.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookEndpoint
     """


    return (await asyncio_detailed(
        platform=platform,
id=id,
client=client,

    )).parsed
