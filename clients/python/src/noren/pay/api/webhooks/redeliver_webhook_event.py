from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.webhook_event_record import WebhookEventRecord
from typing import cast



def _get_kwargs(
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/webhook_events/{id}/redeliver".format(id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | WebhookEventRecord:
    if response.status_code == 200:
        response_200 = WebhookEventRecord.from_dict(response.json())



        return response_200

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

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | WebhookEventRecord]:
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

) -> Response[ErrorBody | WebhookEventRecord]:
    """ Redeliver a webhook event

     Queues one more delivery of the event now (a waiting retry is brought forward). Answers the
    event; its next attempt appears in `attempts` once sent. Limited: a key may redeliver 10
    times a minute, and an event is sent at most 12 times in any hour (retries included); past
    either limit the answer is 429 with `Retry-After`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEventRecord]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorBody | WebhookEventRecord | None:
    """ Redeliver a webhook event

     Queues one more delivery of the event now (a waiting retry is brought forward). Answers the
    event; its next attempt appears in `attempts` once sent. Limited: a key may redeliver 10
    times a minute, and an event is sent at most 12 times in any hour (retries included); past
    either limit the answer is 429 with `Retry-After`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEventRecord
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorBody | WebhookEventRecord]:
    """ Redeliver a webhook event

     Queues one more delivery of the event now (a waiting retry is brought forward). Answers the
    event; its next attempt appears in `attempts` once sent. Limited: a key may redeliver 10
    times a minute, and an event is sent at most 12 times in any hour (retries included); past
    either limit the answer is 429 with `Retry-After`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookEventRecord]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorBody | WebhookEventRecord | None:
    """ Redeliver a webhook event

     Queues one more delivery of the event now (a waiting retry is brought forward). Answers the
    event; its next attempt appears in `attempts` once sent. Limited: a key may redeliver 10
    times a minute, and an event is sent at most 12 times in any hour (retries included); past
    either limit the answer is 429 with `Retry-After`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookEventRecord
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
