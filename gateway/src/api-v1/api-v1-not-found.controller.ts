import { Delete, Get, NotFoundException, Patch, Post, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiV1Controller } from './api-v1-controller';

/** Every address under `/api/v1`, whatever follows. */
const ANY_PATH = '{*path}';

/**
 * Any `/api/v1` address no route answers: behind the key as every v1 route (401 without one), then
 * a 404 in the public API's shape rather than the app's. Its routes are registered after every
 * other controller's (`apiV1Controllers` lists it last, and the app lists those last), so it
 * catches only what nothing else matched. One handler per method: a route for `all` would list a
 * method no client can send among the router's routes.
 */
@ApiExcludeController()
@ApiV1Controller('')
export class ApiV1NotFoundController {
  @Get(ANY_PATH)
  get(): never {
    throw new NotFoundException();
  }

  @Post(ANY_PATH)
  post(): never {
    throw new NotFoundException();
  }

  @Put(ANY_PATH)
  put(): never {
    throw new NotFoundException();
  }

  @Patch(ANY_PATH)
  patch(): never {
    throw new NotFoundException();
  }

  @Delete(ANY_PATH)
  delete(): never {
    throw new NotFoundException();
  }
}
