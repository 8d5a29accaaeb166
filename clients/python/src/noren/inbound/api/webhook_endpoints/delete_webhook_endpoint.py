from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.deleted_webhook_endpoint import DeletedWebhookEndpoint
from ...models.inbound_error_body import InboundErrorBody
from typing import cast



def _get_kwargs(
    platform: str,
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints/{id}".format(platform=quote(str(platform), safe=""),id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeletedWebhookEndpoint | InboundErrorBody:
    if response.status_code == 200:
        response_200 = DeletedWebhookEndpoint.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DeletedWebhookEndpoint | InboundErrorBody]:
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

) -> Response[DeletedWebhookEndpoint | InboundErrorBody]:
    """ Delete a webhook endpoint

     Stops its deliveries (those queued are dropped) and deletes it with its delivery log.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeletedWebhookEndpoint | InboundErrorBody]
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

) -> DeletedWebhookEndpoint | InboundErrorBody | None:
    """ Delete a webhook endpoint

     Stops its deliveries (those queued are dropped) and deletes it with its delivery log.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeletedWebhookEndpoint | InboundErrorBody
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

) -> Response[DeletedWebhookEndpoint | InboundErrorBody]:
    """ Delete a webhook endpoint

     Stops its deliveries (those queued are dropped) and deletes it with its delivery log.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeletedWebhookEndpoint | InboundErrorBody]
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

) -> DeletedWebhookEndpoint | InboundErrorBody | None:
    """ Delete a webhook endpoint

     Stops its deliveries (those queued are dropped) and deletes it with its delivery log.

    Args:
        platform (str):
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeletedWebhookEndpoint | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
id=id,
client=client,

    )).parsed
