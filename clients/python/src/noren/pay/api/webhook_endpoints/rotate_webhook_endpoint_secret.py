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
    id: str,
    *,
    overlap_seconds: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["overlap_seconds"] = overlap_seconds


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/webhook_endpoints/{id}/rotate_secret".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookEndpoint:
    if response.status_code == 200:
        response_200 = WebhookEndpoint.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

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
    id: str,
    *,
    client: AuthenticatedClient,
    overlap_seconds: int | Unset = UNSET,

) -> Response[ErrorBody | WebhookEndpoint]:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlap_seconds` have passed, every
    delivery is signed with both the new and the previous secret (two signatures in
    `webhook-signature` and two `v1` in `Noren-Signature`), so a receiver can switch without
    dropping one. A second rotation during an overlap is refused.

    Args:
        id (str):
        overlap_seconds (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        id=id,
overlap_seconds=overlap_seconds,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    overlap_seconds: int | Unset = UNSET,

) -> ErrorBody | WebhookEndpoint | None:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlap_seconds` have passed, every
    delivery is signed with both the new and the previous secret (two signatures in
    `webhook-signature` and two `v1` in `Noren-Signature`), so a receiver can switch without
    dropping one. A second rotation during an overlap is refused.

    Args:
        id (str):
        overlap_seconds (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEndpoint
     """


    return sync_detailed(
        id=id,
client=client,
overlap_seconds=overlap_seconds,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    overlap_seconds: int | Unset = UNSET,

) -> Response[ErrorBody | WebhookEndpoint]:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlap_seconds` have passed, every
    delivery is signed with both the new and the previous secret (two signatures in
    `webhook-signature` and two `v1` in `Noren-Signature`), so a receiver can switch without
    dropping one. A second rotation during an overlap is refused.

    Args:
        id (str):
        overlap_seconds (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEndpoint]
     """


    kwargs = _get_kwargs(
        id=id,
overlap_seconds=overlap_seconds,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    overlap_seconds: int | Unset = UNSET,

) -> ErrorBody | WebhookEndpoint | None:
    """ Rotate an endpoint's secret

     Makes a new signing secret and answers it. Until `overlap_seconds` have passed, every
    delivery is signed with both the new and the previous secret (two signatures in
    `webhook-signature` and two `v1` in `Noren-Signature`), so a receiver can switch without
    dropping one. A second rotation during an overlap is refused.

    Args:
        id (str):
        overlap_seconds (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEndpoint
     """


    return (await asyncio_detailed(
        id=id,
client=client,
overlap_seconds=overlap_seconds,

    )).parsed
