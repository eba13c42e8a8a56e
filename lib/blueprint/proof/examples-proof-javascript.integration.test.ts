/** Every example and template blueprint, compiled to javascript, passes its derived proof (examples-proof.ts). */
import { proveEveryExample } from "./examples-proof";

proveEveryExample("javascript");
