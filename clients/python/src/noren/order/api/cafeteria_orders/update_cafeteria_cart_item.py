from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.cart import Cart
from ...models.cart_item_values import CartItemValues
from ...models.error_body import ErrorBody
from typing import cast



def _get_kwargs(
    id: str,
    item_id: int,
    *,
    body: CartItemValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/cafeteria/{id}/cart/{item_id}".format(id=quote(str(id), safe=""),item_id=quote(str(item_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Cart | ErrorBody:
    if response.status_code == 200:
        response_200 = Cart.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Cart | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    item_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CartItemValues,

) -> Response[Cart | ErrorBody]:
    """ Change or remove a cart item

    Args:
        id (str):
        item_id (int):
        body (CartItemValues): Values of the item change (`PATCH …/cart/{itemId}`): the values
            given replace the item's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Cart | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
item_id=item_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    item_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CartItemValues,

) -> Cart | ErrorBody | None:
    """ Change or remove a cart item

    Args:
        id (str):
        item_id (int):
        body (CartItemValues): Values of the item change (`PATCH …/cart/{itemId}`): the values
            given replace the item's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Cart | ErrorBody
     """


    return sync_detailed(
        id=id,
item_id=item_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    item_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CartItemValues,

) -> Response[Cart | ErrorBody]:
    """ Change or remove a cart item

    Args:
        id (str):
        item_id (int):
        body (CartItemValues): Values of the item change (`PATCH …/cart/{itemId}`): the values
            given replace the item's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Cart | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
item_id=item_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    item_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CartItemValues,

) -> Cart | ErrorBody | None:
    """ Change or remove a cart item

    Args:
        id (str):
        item_id (int):
        body (CartItemValues): Values of the item change (`PATCH …/cart/{itemId}`): the values
            given replace the item's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Cart | ErrorBody
     """


    return (await asyncio_detailed(
        id=id,
item_id=item_id,
client=client,
body=body,

    )).parsed
