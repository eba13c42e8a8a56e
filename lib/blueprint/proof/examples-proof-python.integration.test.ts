/** Every example and template blueprint, compiled to python, passes its derived proof (examples-proof.ts). */
import { proveEveryExample } from "./examples-proof";

proveEveryExample("python");
