from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.webhook_recovery import WebhookRecovery
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    id: str,
    *,
    since: datetime.datetime,
    until: datetime.datetime | Unset = UNSET,
    all_: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["all"] = all_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/webhook_endpoints/{id}/recover".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookRecovery:
    if response.status_code == 200:
        response_200 = WebhookRecovery.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookRecovery]:
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
    since: datetime.datetime,
    until: datetime.datetime | Unset = UNSET,
    all_: bool | Unset = UNSET,

) -> Response[ErrorBody | WebhookRecovery]:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or
    was skipped while it was disabled (with `all`, every event of the window), and answers how
    many. Only events the endpoint was subscribed to when they happened are sent. Asking for
    the same window again within 24 hours answers the first recovery and sends nothing twice.
    At most 10 recoveries per endpoint and hour, 10,000 events each.

    Args:
        id (str):
        since (datetime.datetime):
        until (datetime.datetime | Unset):
        all_ (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookRecovery]
     """


    kwargs = _get_kwargs(
        id=id,
since=since,
until=until,
all_=all_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime,
    until: datetime.datetime | Unset = UNSET,
    all_: bool | Unset = UNSET,

) -> ErrorBody | WebhookRecovery | None:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or
    was skipped while it was disabled (with `all`, every event of the window), and answers how
    many. Only events the endpoint was subscribed to when they happened are sent. Asking for
    the same window again within 24 hours answers the first recovery and sends nothing twice.
    At most 10 recoveries per endpoint and hour, 10,000 events each.

    Args:
        id (str):
        since (datetime.datetime):
        until (datetime.datetime | Unset):
        all_ (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookRecovery
     """


    return sync_detailed(
        id=id,
client=client,
since=since,
until=until,
all_=all_,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime,
    until: datetime.datetime | Unset = UNSET,
    all_: bool | Unset = UNSET,

) -> Response[ErrorBody | WebhookRecovery]:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or
    was skipped while it was disabled (with `all`, every event of the window), and answers how
    many. Only events the endpoint was subscribed to when they happened are sent. Asking for
    the same window again within 24 hours answers the first recovery and sends nothing twice.
    At most 10 recoveries per endpoint and hour, 10,000 events each.

    Args:
        id (str):
        since (datetime.datetime):
        until (datetime.datetime | Unset):
        all_ (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookRecovery]
     """


    kwargs = _get_kwargs(
        id=id,
since=since,
until=until,
all_=all_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime,
    until: datetime.datetime | Unset = UNSET,
    all_: bool | Unset = UNSET,

) -> ErrorBody | WebhookRecovery | None:
    """ Recover an endpoint's events

     After an outage: queues again every event of the window that failed for this endpoint or
    was skipped while it was disabled (with `all`, every event of the window), and answers how
    many. Only events the endpoint was subscribed to when they happened are sent. Asking for
    the same window again within 24 hours answers the first recovery and sends nothing twice.
    At most 10 recoveries per endpoint and hour, 10,000 events each.

    Args:
        id (str):
        since (datetime.datetime):
        until (datetime.datetime | Unset):
        all_ (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookRecovery
     """


    return (await asyncio_detailed(
        id=id,
client=client,
since=since,
until=until,
all_=all_,

    )).parsed
