from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.test_event_values import TestEventValues
from ...models.webhook_test_event import WebhookTestEvent
from typing import cast



def _get_kwargs(
    platform: str,
    id: str,
    *,
    body: TestEventValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/webhook_endpoints/{id}/test".format(platform=quote(str(platform), safe=""),id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | WebhookTestEvent:
    if response.status_code == 202:
        response_202 = WebhookTestEvent.from_dict(response.json())



        return response_202

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | WebhookTestEvent]:
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
    body: TestEventValues,

) -> Response[InboundErrorBody | WebhookTestEvent]:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the shape of the
    real notification, made-up values and `"test": true`; it is signed like every delivery and shows in
    the endpoint's delivery log. At most 10 a minute per endpoint.

    Args:
        platform (str):
        id (str):
        body (TestEventValues): A test event's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookTestEvent]
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
    body: TestEventValues,

) -> InboundErrorBody | WebhookTestEvent | None:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the shape of the
    real notification, made-up values and `"test": true`; it is signed like every delivery and shows in
    the endpoint's delivery log. At most 10 a minute per endpoint.

    Args:
        platform (str):
        id (str):
        body (TestEventValues): A test event's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookTestEvent
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
    body: TestEventValues,

) -> Response[InboundErrorBody | WebhookTestEvent]:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the shape of the
    real notification, made-up values and `"test": true`; it is signed like every delivery and shows in
    the endpoint's delivery log. At most 10 a minute per endpoint.

    Args:
        platform (str):
        id (str):
        body (TestEventValues): A test event's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | WebhookTestEvent]
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
    body: TestEventValues,

) -> InboundErrorBody | WebhookTestEvent | None:
    """ Send a test event

     Sends a signed example of an event type to this endpoint alone, now: the body has the shape of the
    real notification, made-up values and `"test": true`; it is signed like every delivery and shows in
    the endpoint's delivery log. At most 10 a minute per endpoint.

    Args:
        platform (str):
        id (str):
        body (TestEventValues): A test event's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | WebhookTestEvent
     """


    return (await asyncio_detailed(
        platform=platform,
id=id,
client=client,
body=body,

    )).parsed
