// Command terraform-provider-cardpay serves the cardpay Terraform provider.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"runtime/debug"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/cardpay/terraform-provider-cardpay/internal/provider"
)

// version is set at release time with -ldflags "-X main.version=...".
var version = "dev"

// softMemoryLimit is the heap size above which the garbage collector works
// harder. Terraform runs one provider process per operation and the work
// produces much short-lived garbage per resource; without a limit the heap
// grows to twice its live size before each collection. It is a soft limit:
// a larger live heap is still allowed. GOMEMLIMIT overrides it.
const softMemoryLimit = 64 << 20

func setMemoryLimit() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(softMemoryLimit)
	}
}

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	setMemoryLimit()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address:         "registry.terraform.io/cardpay/cardpay",
		Debug:           debug,
		ProtocolVersion: 6,
	})
	if err != nil {
		log.Fatal(err.Error())
	}
}
