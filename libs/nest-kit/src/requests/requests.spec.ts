import 'reflect-metadata';
import { getMetadataStorage } from 'class-validator';
import * as requests from './index';

it('checks every field a request class documents', () => {
  const classes = Object.values(requests).filter((value): value is new () => object => typeof value === 'function' && value.prototype instanceof requests.RequestDto);
  expect(classes.length).toBeGreaterThan(10);
  // Swagger's list of a class's documented properties (`:name`), and the properties class-validator checks beyond "optional".
  const unchecked = classes.flatMap((type) => {
    const documented = ((Reflect.getMetadata('swagger/apiModelPropertiesArray', type.prototype) ?? []) as string[]).map((name) => name.slice(1));
    const checks = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).filter((rule) => !['conditionalValidation', 'whitelistValidation'].includes(rule.type));
    return documented.filter((name) => !checks.some((rule) => rule.propertyName === name)).map((name) => `${type.name}.${name}`);
  });
  expect(unchecked).toEqual([]);
});
