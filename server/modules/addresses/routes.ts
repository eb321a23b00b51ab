import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  AddressRequest,
  AdminUnit,
  DeletedAddress,
  IdQuery,
  UpdateAddressRequest,
  UserAddress,
  WardsQuery,
} from '../../../schemas/patients';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import {
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  listProvinces,
  listWards,
  unitProblem,
  updateAddress,
} from './repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const auth = { auth: true } as const;
const notFound = () => new ApiError(404, 'address_not_found');

/**
 * A user's addresses (Users/*UserAddress*) and Vietnam's current administrative units
 * (AdminUnits/*). New and updated addresses name a current province and one of its wards.
 */
export const addressesRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['addresses'];

  const checkUnits = async (sql: Parameters<Parameters<Database['tenant']>[1]>[0], body: AddressRequest) => {
    const problem = await unitProblem(sql, body.provinceCode, body.wardCode);
    if (problem) throw new ApiError(400, 'invalid_request', [problem]);
  };

  app.get(
    '/Users/GetUserAddresses/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Your addresses (:id is your userId; another user: 404)',
        params: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Array(UserAddress)), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      if (request.params.id !== userId) throw new ApiError(404, 'not_found');
      return ok(await db.tenant(request.tenant.config.code, (sql) => listAddresses(sql, userId)));
    },
  );

  app.post(
    '/Users/AddUserAddress',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Add an address (current province and ward)',
        body: AddressRequest,
        response: { 200: Envelope(UserAddress) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      return ok(
        await db.tenant(request.tenant.config.code, async (sql) => {
          await checkUnits(sql, request.body);
          const addressId = await insertAddress(sql, userId, request.body, new Date());
          return (await findAddress(sql, userId, addressId))!;
        }),
      );
    },
  );

  app.post(
    '/Users/UpdateUserAddress',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Change an address (an old three-level one becomes a current one)',
        body: UpdateAddressRequest,
        response: { 200: Envelope(UserAddress), ...errorReplies({ 404: ['address_not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { addressId, ...fields } = request.body;
      return ok(
        await db.tenant(request.tenant.config.code, async (sql) => {
          if (!(await findAddress(sql, userId, addressId))) throw notFound();
          await checkUnits(sql, fields);
          await updateAddress(sql, userId, addressId, fields, new Date());
          return (await findAddress(sql, userId, addressId))!;
        }),
      );
    },
  );

  app.delete(
    '/Users/DeleteUserAddress',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Delete an address (appointments that used it keep showing it)',
        querystring: IdQuery,
        response: { 200: Envelope(DeletedAddress), ...errorReplies({ 404: ['address_not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const addressId = request.query.id;
      await db.tenant(request.tenant.config.code, async (sql) => {
        if (!(await deleteAddress(sql, userId, addressId, new Date()))) throw notFound();
      });
      return ok({ addressId });
    },
  );

  app.get(
    '/AdminUnits/GetProvinces',
    {
      schema: {
        tags,
        summary: "Vietnam's 34 provinces (administrative units since 1 July 2025)",
        response: { 200: Envelope(Type.Array(AdminUnit)) },
      },
    },
    async () => ok(await db.anonymous((sql) => listProvinces(sql))),
  );

  app.get(
    '/AdminUnits/GetWards',
    {
      schema: {
        tags,
        summary: 'The communes and wards of a province (current units)',
        querystring: WardsQuery,
        response: { 200: Envelope(Type.Array(AdminUnit)), ...errorReplies({ 404: ['province_not_found'] }) },
      },
    },
    async (request) => {
      const wards = await db.anonymous((sql) => listWards(sql, request.query.provinceCode));
      if (wards.length === 0) throw new ApiError(404, 'province_not_found');
      return ok(wards);
    },
  );
};
