from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.test_clock import TestClock
from typing import cast



def _get_kwargs(
    platform: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/test_clock".format(platform=quote(str(platform), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | TestClock:
    if response.status_code == 200:
        response_200 = TestClock.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | TestClock]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | TestClock]:
    """ Retrieve the test clock

    Args:
        platform (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        platform=platform,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | TestClock | None:
    """ Retrieve the test clock

    Args:
        platform (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | TestClock
     """


    return sync_detailed(
        platform=platform,
client=client,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | TestClock]:
    """ Retrieve the test clock

    Args:
        platform (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        platform=platform,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | TestClock | None:
    """ Retrieve the test clock

    Args:
        platform (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | TestClock
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,

    )).parsed
