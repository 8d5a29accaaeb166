from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.hold import Hold
from ...models.inbound_error_body import InboundErrorBody
from typing import cast



def _get_kwargs(
    platform: str,
    shop_id: int,
    hold_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/holds/{hold_id}".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),hold_id=quote(str(hold_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hold | InboundErrorBody:
    if response.status_code == 200:
        response_200 = Hold.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = InboundErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hold | InboundErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    shop_id: int,
    hold_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Hold | InboundErrorBody]:
    """ Release a hold

     Frees the hold's seats at once (the guest left the form). Releasing a released or expired hold
    changes nothing and answers it again; a hold that became a reservation is a 409 `status_conflict`
    (cancel the reservation instead).

    Args:
        platform (str):
        shop_id (int):
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hold | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
hold_id=hold_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    shop_id: int,
    hold_id: str,
    *,
    client: AuthenticatedClient,

) -> Hold | InboundErrorBody | None:
    """ Release a hold

     Frees the hold's seats at once (the guest left the form). Releasing a released or expired hold
    changes nothing and answers it again; a hold that became a reservation is a 409 `status_conflict`
    (cancel the reservation instead).

    Args:
        platform (str):
        shop_id (int):
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hold | InboundErrorBody
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
hold_id=hold_id,
client=client,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    hold_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Hold | InboundErrorBody]:
    """ Release a hold

     Frees the hold's seats at once (the guest left the form). Releasing a released or expired hold
    changes nothing and answers it again; a hold that became a reservation is a 409 `status_conflict`
    (cancel the reservation instead).

    Args:
        platform (str):
        shop_id (int):
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hold | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
hold_id=hold_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    shop_id: int,
    hold_id: str,
    *,
    client: AuthenticatedClient,

) -> Hold | InboundErrorBody | None:
    """ Release a hold

     Frees the hold's seats at once (the guest left the form). Releasing a released or expired hold
    changes nothing and answers it again; a hold that became a reservation is a 409 `status_conflict`
    (cancel the reservation instead).

    Args:
        platform (str):
        shop_id (int):
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hold | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
hold_id=hold_id,
client=client,

    )).parsed
