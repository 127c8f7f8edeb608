// The reference the gRPC codec is checked against: @bufbuild/protobuf (a conformant protobuf
// runtime) with a descriptor of the same proto. protoc is not available here, so the
// FileDescriptorProto is built from protobufjs's parse of the text — field numbers, types,
// labels, oneofs, proto3 optional and map entries, which is all the binary and JSON forms read.
import { create, createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import {
  DescriptorProtoSchema,
  EnumDescriptorProtoSchema,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as FieldType,
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
  type DescriptorProto,
  type EnumDescriptorProto,
  type FieldDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import protobuf from 'protobufjs';
import type { Enum, Field, Namespace, Type } from 'protobufjs';
import { jsonName } from '../../generator/load/proto-names.js';

const SCALAR_TYPES: Record<string, FieldType> = {
  double: FieldType.DOUBLE,
  float: FieldType.FLOAT,
  int64: FieldType.INT64,
  uint64: FieldType.UINT64,
  int32: FieldType.INT32,
  fixed64: FieldType.FIXED64,
  fixed32: FieldType.FIXED32,
  bool: FieldType.BOOL,
  string: FieldType.STRING,
  bytes: FieldType.BYTES,
  uint32: FieldType.UINT32,
  sfixed32: FieldType.SFIXED32,
  sfixed64: FieldType.SFIXED64,
  sint32: FieldType.SINT32,
  sint64: FieldType.SINT64,
};

const WELL_KNOWN_FILES = [
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
];

/** A registry holding every message and enum of a parsed proto (and the well-known types). */
export function referenceRegistry(root: protobuf.Root, pkg: string): FileRegistry {
  const ns = pkg ? root.lookup(pkg) : root;
  if (!(ns instanceof protobuf.Namespace)) throw new Error(`no package ${pkg}`);
  const file = create(FileDescriptorProtoSchema, {
    name: 'reference.proto',
    package: pkg,
    syntax: 'proto3',
    dependency: WELL_KNOWN_FILES.map((f) => f.name + '.proto'),
    messageType: ns.nestedArray.filter((o): o is Type => o instanceof protobuf.Type).map(messageOf),
    enumType: ns.nestedArray.filter((o): o is Enum => o instanceof protobuf.Enum).map(enumOf),
  });
  return createFileRegistry(file, (name) => WELL_KNOWN_FILES.find((f) => f.name + '.proto' === name));
}

function messageOf(type: Type): DescriptorProto {
  const oneofs = type.oneofsArray;
  const nested = (type as Namespace).nestedArray ?? [];
  const mapEntries: DescriptorProto[] = [];
  const fields = type.fieldsArray.map((field) => {
    const out = fieldOf(field);
    if (field.partOf) out.oneofIndex = oneofs.indexOf(field.partOf);
    if (field.options?.proto3_optional === true) out.proto3Optional = true;
    if (field instanceof protobuf.MapField) {
      const entryName = field.name.replace(/(?:^|_)([a-z])/g, (_, c: string) => c.toUpperCase()) + 'Entry';
      mapEntries.push(
        create(DescriptorProtoSchema, {
          name: entryName,
          options: { mapEntry: true },
          field: [
            create(FieldDescriptorProtoSchema, { name: 'key', number: 1, jsonName: 'key', label: Label.OPTIONAL, type: SCALAR_TYPES[field.keyType] }),
            { ...fieldOf(field), name: 'value', number: 2, jsonName: 'value', label: Label.OPTIONAL },
          ],
        }),
      );
      out.type = FieldType.MESSAGE;
      out.typeName = `${type.fullName}.${entryName}`;
      out.label = Label.REPEATED;
    }
    return out;
  });
  return create(DescriptorProtoSchema, {
    name: type.name,
    field: fields,
    oneofDecl: oneofs.map((o) => ({ name: o.name })),
    nestedType: [...nested.filter((o): o is Type => o instanceof protobuf.Type).map(messageOf), ...mapEntries],
    enumType: nested.filter((o): o is Enum => o instanceof protobuf.Enum).map(enumOf),
  });
}

function fieldOf(field: Field): FieldDescriptorProto {
  const out = create(FieldDescriptorProtoSchema, {
    name: field.name,
    number: field.id,
    jsonName: jsonName(field),
    label: field.repeated ? Label.REPEATED : Label.OPTIONAL,
  });
  const scalar = SCALAR_TYPES[field.type];
  if (scalar !== undefined) {
    out.type = scalar;
    return out;
  }
  const target = field.type.startsWith('google.protobuf.') ? undefined : field.parent?.lookup(field.type, [protobuf.Type, protobuf.Enum]);
  out.typeName = target ? target.fullName : `.${field.type}`;
  out.type = target instanceof protobuf.Enum ? FieldType.ENUM : FieldType.MESSAGE;
  return out;
}

function enumOf(e: Enum): EnumDescriptorProto {
  return create(EnumDescriptorProtoSchema, { name: e.name, value: Object.entries(e.values).map(([name, number]) => ({ name, number })) });
}
