module safecheck

go 1.26.0

require github.com/pingpong-bench/pingpong v0.0.0

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0 // indirect
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/pingpong-bench/pingpong => ../../..
