from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.list_webhook_deliveries_outcome import ListWebhookDeliveriesOutcome
from ...models.webhook_delivery_page import WebhookDeliveryPage
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    id: str,
    *,
    event_type: str | Unset = UNSET,
    outcome: ListWebhookDeliveriesOutcome | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    starting_after: str | Unset = UNSET,
    limit: int | Unset = 10,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["event_type"] = event_type

    json_outcome: str | Unset = UNSET
    if not isinstance(outcome, Unset):
        json_outcome = outcome.value

    params["outcome"] = json_outcome

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["starting_after"] = starting_after

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/webhook_endpoints/{id}/deliveries".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookDeliveryPage:
    if response.status_code == 200:
        response_200 = WebhookDeliveryPage.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookDeliveryPage]:
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
    event_type: str | Unset = UNSET,
    outcome: ListWebhookDeliveriesOutcome | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    starting_after: str | Unset = UNSET,
    limit: int | Unset = 10,

) -> Response[ErrorBody | WebhookDeliveryPage]:
    """ List an endpoint's deliveries

     The endpoint's delivery log, newest first: every attempt with the headers sent and what the
    receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30
    days. Page with `starting_after`.

    Args:
        id (str):
        event_type (str | Unset):
        outcome (ListWebhookDeliveriesOutcome | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        starting_after (str | Unset):
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookDeliveryPage]
     """


    kwargs = _get_kwargs(
        id=id,
event_type=event_type,
outcome=outcome,
since=since,
until=until,
starting_after=starting_after,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str | Unset = UNSET,
    outcome: ListWebhookDeliveriesOutcome | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    starting_after: str | Unset = UNSET,
    limit: int | Unset = 10,

) -> ErrorBody | WebhookDeliveryPage | None:
    """ List an endpoint's deliveries

     The endpoint's delivery log, newest first: every attempt with the headers sent and what the
    receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30
    days. Page with `starting_after`.

    Args:
        id (str):
        event_type (str | Unset):
        outcome (ListWebhookDeliveriesOutcome | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        starting_after (str | Unset):
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookDeliveryPage
     """


    return sync_detailed(
        id=id,
client=client,
event_type=event_type,
outcome=outcome,
since=since,
until=until,
starting_after=starting_after,
limit=limit,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str | Unset = UNSET,
    outcome: ListWebhookDeliveriesOutcome | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    starting_after: str | Unset = UNSET,
    limit: int | Unset = 10,

) -> Response[ErrorBody | WebhookDeliveryPage]:
    """ List an endpoint's deliveries

     The endpoint's delivery log, newest first: every attempt with the headers sent and what the
    receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30
    days. Page with `starting_after`.

    Args:
        id (str):
        event_type (str | Unset):
        outcome (ListWebhookDeliveriesOutcome | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        starting_after (str | Unset):
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookDeliveryPage]
     """


    kwargs = _get_kwargs(
        id=id,
event_type=event_type,
outcome=outcome,
since=since,
until=until,
starting_after=starting_after,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    event_type: str | Unset = UNSET,
    outcome: ListWebhookDeliveriesOutcome | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    starting_after: str | Unset = UNSET,
    limit: int | Unset = 10,

) -> ErrorBody | WebhookDeliveryPage | None:
    """ List an endpoint's deliveries

     The endpoint's delivery log, newest first: every attempt with the headers sent and what the
    receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30
    days. Page with `starting_after`.

    Args:
        id (str):
        event_type (str | Unset):
        outcome (ListWebhookDeliveriesOutcome | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        starting_after (str | Unset):
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookDeliveryPage
     """


    return (await asyncio_detailed(
        id=id,
client=client,
event_type=event_type,
outcome=outcome,
since=since,
until=until,
starting_after=starting_after,
limit=limit,

    )).parsed
