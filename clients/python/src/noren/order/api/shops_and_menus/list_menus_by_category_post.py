from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.by_category_form import ByCategoryForm
from ...models.by_category_values import ByCategoryValues
from ...models.error_body import ErrorBody
from ...models.menu_item import MenuItem
from typing import cast



def _get_kwargs(
    *,
    body:    ByCategoryValues  |     ByCategoryForm  | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/order/menus/by-category",
    }

    if isinstance(body, ByCategoryValues):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, ByCategoryForm):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | list[MenuItem]:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            response_200_item = MenuItem.from_dict(response_200_item_data)



            response_200.append(response_200_item)

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | list[MenuItem]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    ByCategoryValues  |     ByCategoryForm  | Unset = UNSET,

) -> Response[ErrorBody | list[MenuItem]]:
    """ List a category's menus (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (ByCategoryValues): Values of the by-category call.
        body (ByCategoryForm): The POST call's values as form fields (a form has no null: leave
            `lang` out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuItem]]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body:    ByCategoryValues  |     ByCategoryForm  | Unset = UNSET,

) -> ErrorBody | list[MenuItem] | None:
    """ List a category's menus (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (ByCategoryValues): Values of the by-category call.
        body (ByCategoryForm): The POST call's values as form fields (a form has no null: leave
            `lang` out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuItem]
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    ByCategoryValues  |     ByCategoryForm  | Unset = UNSET,

) -> Response[ErrorBody | list[MenuItem]]:
    """ List a category's menus (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (ByCategoryValues): Values of the by-category call.
        body (ByCategoryForm): The POST call's values as form fields (a form has no null: leave
            `lang` out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuItem]]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body:    ByCategoryValues  |     ByCategoryForm  | Unset = UNSET,

) -> ErrorBody | list[MenuItem] | None:
    """ List a category's menus (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (ByCategoryValues): Values of the by-category call.
        body (ByCategoryForm): The POST call's values as form fields (a form has no null: leave
            `lang` out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuItem]
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
