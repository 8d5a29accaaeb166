from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.recover_values import RecoverValues
from ...models.webhook_recovery import WebhookRecovery
from typing import cast



def _get_kwargs(
    platform: str,
    id: str,
    *,
    body: RecoverValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints/{id}/recover".format(platform=quote(str(platform), safe=""),id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | WebhookRecovery:
    if response.status_code == 200:
        response_200 = WebhookRecovery.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | WebhookRecovery]:
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
    body: RecoverValues,

) -> Response[InboundErrorBody | WebhookRecovery]:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or was skipped
    while it was disabled (with `all`, every event of the window), and answers how many. Only events the
    endpoint was subscribed to when they happened are sent. Asking for the same window again within 24
    hours answers the first recovery and sends nothing twice. At most 10 recoveries per endpoint and
    hour, 10,000 events each.

    Args:
        platform (str):
        id (str):
        body (RecoverValues): A recovery's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookRecovery]
     """


    kwargs = _get_kwargs(
        platform=platform,
id=id,
body=body,

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
    body: RecoverValues,

) -> InboundErrorBody | WebhookRecovery | None:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or was skipped
    while it was disabled (with `all`, every event of the window), and answers how many. Only events the
    endpoint was subscribed to when they happened are sent. Asking for the same window again within 24
    hours answers the first recovery and sends nothing twice. At most 10 recoveries per endpoint and
    hour, 10,000 events each.

    Args:
        platform (str):
        id (str):
        body (RecoverValues): A recovery's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookRecovery
     """


    return sync_detailed(
        platform=platform,
id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecoverValues,

) -> Response[InboundErrorBody | WebhookRecovery]:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or was skipped
    while it was disabled (with `all`, every event of the window), and answers how many. Only events the
    endpoint was subscribed to when they happened are sent. Asking for the same window again within 24
    hours answers the first recovery and sends nothing twice. At most 10 recoveries per endpoint and
    hour, 10,000 events each.

    Args:
        platform (str):
        id (str):
        body (RecoverValues): A recovery's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookRecovery]
     """


    kwargs = _get_kwargs(
        platform=platform,
id=id,
body=body,

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
    body: RecoverValues,

) -> InboundErrorBody | WebhookRecovery | None:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or was skipped
    while it was disabled (with `all`, every event of the window), and answers how many. Only events the
    endpoint was subscribed to when they happened are sent. Asking for the same window again within 24
    hours answers the first recovery and sends nothing twice. At most 10 recoveries per endpoint and
    hour, 10,000 events each.

    Args:
        platform (str):
        id (str):
        body (RecoverValues): A recovery's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookRecovery
     """


    return (await asyncio_detailed(
        platform=platform,
id=id,
client=client,
body=body,

    )).parsed
