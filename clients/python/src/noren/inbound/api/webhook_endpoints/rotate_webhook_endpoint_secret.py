from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.rotate_values import RotateValues
from ...models.webhook_endpoint import WebhookEndpoint
from typing import cast



def _get_kwargs(
    platform: str,
    id: str,
    *,
    body: RotateValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints/{id}/rotate_secret".format(platform=quote(str(platform), safe=""),id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | WebhookEndpoint:
    if response.status_code == 200:
        response_200 = WebhookEndpoint.from_dict(response.json())



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
    body: RotateValues,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlapSeconds` have passed, every delivery is
    signed with both the new and the previous secret (two signatures in `webhook-signature` and two `v1`
    in `Noren-Signature`), so a receiver can switch without dropping one. A second rotation during an
    overlap is refused.

    Args:
        platform (str):
        id (str):
        body (RotateValues): The rotation's body (it may be empty).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
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
    body: RotateValues,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlapSeconds` have passed, every delivery is
    signed with both the new and the previous secret (two signatures in `webhook-signature` and two `v1`
    in `Noren-Signature`), so a receiver can switch without dropping one. A second rotation during an
    overlap is refused.

    Args:
        platform (str):
        id (str):
        body (RotateValues): The rotation's body (it may be empty).

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
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    id: str,
    *,
    client: AuthenticatedClient,
    body: RotateValues,

) -> Response[InboundErrorBody | WebhookEndpoint]:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlapSeconds` have passed, every delivery is
    signed with both the new and the previous secret (two signatures in `webhook-signature` and two `v1`
    in `Noren-Signature`), so a receiver can switch without dropping one. A second rotation during an
    overlap is refused.

    Args:
        platform (str):
        id (str):
        body (RotateValues): The rotation's body (it may be empty).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookEndpoint]
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
    body: RotateValues,

) -> InboundErrorBody | WebhookEndpoint | None:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlapSeconds` have passed, every delivery is
    signed with both the new and the previous secret (two signatures in `webhook-signature` and two `v1`
    in `Noren-Signature`), so a receiver can switch without dropping one. A second rotation during an
    overlap is refused.

    Args:
        platform (str):
        id (str):
        body (RotateValues): The rotation's body (it may be empty).

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
body=body,

    )).parsed
