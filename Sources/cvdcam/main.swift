print("cvdcam")
