from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.webhook_test_event import WebhookTestEvent
from typing import cast



def _get_kwargs(
    id: str,
    *,
    event_type: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["event_type"] = event_type


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/webhook_endpoints/{id}/test".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookTestEvent:
    if response.status_code == 202:
        response_202 = WebhookTestEvent.from_dict(response.json())



        return response_202

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookTestEvent]:
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
    event_type: str,

) -> Response[ErrorBody | WebhookTestEvent]:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the
    shape of the real event, made-up values and `"test": true`; it is signed like every
    delivery and shows in the endpoint's delivery log, never in the shop's event log. At most
    10 a minute per endpoint.

    Args:
        id (str):
        event_type (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookTestEvent]
     """


    kwargs = _get_kwargs(
        id=id,
event_type=event_type,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str,

) -> ErrorBody | WebhookTestEvent | None:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the
    shape of the real event, made-up values and `"test": true`; it is signed like every
    delivery and shows in the endpoint's delivery log, never in the shop's event log. At most
    10 a minute per endpoint.

    Args:
        id (str):
        event_type (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookTestEvent
     """


    return sync_detailed(
        id=id,
client=client,
event_type=event_type,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str,

) -> Response[ErrorBody | WebhookTestEvent]:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the
    shape of the real event, made-up values and `"test": true`; it is signed like every
    delivery and shows in the endpoint's delivery log, never in the shop's event log. At most
    10 a minute per endpoint.

    Args:
        id (str):
        event_type (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookTestEvent]
     """


    kwargs = _get_kwargs(
        id=id,
event_type=event_type,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str,

) -> ErrorBody | WebhookTestEvent | None:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the
    shape of the real event, made-up values and `"test": true`; it is signed like every
    delivery and shows in the endpoint's delivery log, never in the shop's event log. At most
    10 a minute per endpoint.

    Args:
        id (str):
        event_type (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookTestEvent
     """


    return (await asyncio_detailed(
        id=id,
client=client,
event_type=event_type,

    )).parsed
